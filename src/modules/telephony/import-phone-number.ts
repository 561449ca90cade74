import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { ImportNumberBody, type PhoneNumberView } from './telephony.schemas.js';
import { providerFor, type TelephonySettings } from './connections.js';
import { acquirePhoneNumber } from './acquire-phone-number.js';

/** A number already in a Twilio or Telnyx account, brought under the platform: the account must hold it. */
export async function importPhoneNumber(em: Em, principal: Principal, input: ImportNumberBody, settings: TelephonySettings): Promise<PhoneNumberView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(ImportNumberBody, input, 'body');
  const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
  return acquirePhoneNumber(em, principal, body.number, provider.kind, connection?.id ?? null, 'imported', () => provider.importNumber(body.number));
}
