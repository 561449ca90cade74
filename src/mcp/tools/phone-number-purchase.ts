import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { PhoneNumberResponse } from '../../modules/telephony/telephony.schemas.js';
import { purchasePhoneNumber } from '../../modules/telephony/numbers/purchase-phone-number.js';
import { defineTool } from '../tool.js';

export const phoneNumberPurchase = defineTool({
  name: 'phone_number_purchase',
  title: 'Buy a phone number',
  description:
    'Buys a number (from phone_number_search) through a telephony connection, or from the simulated carrier without ' +
    'connection_id, and adds it to the organization. Real providers charge for it. A number already on the platform ' +
    'is refused. To answer calls on it, create a destination for it and assign an agent.',
  operation: purchasePhoneNumber,
  input: {},
  output: PhoneNumberResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  handler: async (input, { em, principal, deps }) => ({
    phone_number: await purchasePhoneNumber(em, principal, input, engineSettingsFrom(deps.config)),
  }),
});
