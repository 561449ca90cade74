import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { PurchaseNumberBody, type PhoneNumberView } from './telephony.schemas.js';
import { providerFor, type TelephonySettings } from './connections.js';
import { acquirePhoneNumber } from './acquire-phone-number.js';

export async function purchasePhoneNumber(em: Em, principal: Principal, input: PurchaseNumberBody, settings: TelephonySettings): Promise<PhoneNumberView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(PurchaseNumberBody, input, 'body');
  const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
  return acquirePhoneNumber(em, principal, body.number, provider.kind, connection?.id ?? null, 'purchased', () => provider.buyNumber(body.number));
}
