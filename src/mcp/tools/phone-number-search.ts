import { engineSettingsFrom } from '../../modules/engine/engine-settings.js';
import { SearchNumbersResult } from '../../modules/telephony/telephony.schemas.js';
import { searchPhoneNumbers } from '../../modules/telephony/numbers/search-phone-numbers.js';
import { defineTool } from '../tool.js';

export const phoneNumberSearch = defineTool({
  name: 'phone_number_search',
  title: 'Search phone numbers to buy',
  description:
    'Lists numbers available to buy in a country, optionally in an area code or containing some digits, from a ' +
    "telephony connection's provider (Twilio, Telnyx) or, without connection_id, from the built-in simulated carrier. " +
    'Numbers come back in E.164; buy one with phone_number_purchase.',
  operation: searchPhoneNumbers,
  input: {},
  output: SearchNumbersResult,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  handler: (input, { em, principal, deps }) => searchPhoneNumbers(em, principal, input, engineSettingsFrom(deps.config)),
});
