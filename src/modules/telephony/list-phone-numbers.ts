import type { Em } from '../../db/orm.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { PhoneNumber } from './telephony.entity.js';
import type { PhoneNumberView } from './telephony.schemas.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { toPhoneNumberView } from './phone-number-views.js';

export async function listPhoneNumbers(em: Em, principal: Principal, query: Page): Promise<PageOf<PhoneNumberView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, PhoneNumber, { organization: principal.organizationId }, query, { list: 'phone_numbers', order: 'asc' });
  return { ...page, items: page.items.map(toPhoneNumberView) };
}
