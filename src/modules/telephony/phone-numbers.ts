import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { PhoneNumber } from './telephony.entity.js';
import {
  countryOf, ImportNumberBody, PurchaseNumberBody, SearchNumbersQuery, type PhoneNumberView,
} from './telephony.schemas.js';
import type { AvailableNumber, OwnedNumber } from './telephony-provider.js';
import { providerFor, type TelephonySettings } from './connections.js';
import { simulatedPool } from './simulated-carrier.js';
import { findPage, type Page, type PageOf } from '../paging.js';
import { pageInMemory, slicePage } from '../paging.js';
import { decodeCursor, filterFingerprint } from '../cursor.js';
import { PAGE_SIZE_MAX } from '../calls/calls.schemas.js';

/**
 * Numbers the provider offers, in number order, a page at a time (the cursor
 * names the last number shown). Twilio and Telnyx are asked for their first
 * PAGE_SIZE_MAX matches, which the pages walk through. For the simulated
 * carrier the shared pool is searched past the numbers someone on the
 * platform already holds, so pages come while the pool lasts.
 */
export async function searchPhoneNumbers(
  em: Em, principal: Principal, input: SearchNumbersQuery, settings: TelephonySettings,
): Promise<{ provider: 'simulated' | 'twilio' | 'telnyx'; numbers: AvailableNumber[]; has_more: boolean; next_cursor: string | null }> {
  requirePermission(principal, 'agents:read');
  const query = parseInput(SearchNumbersQuery, input, 'query');
  const { provider } = await providerFor(em, principal.organizationId, query.connection_id, settings, 'query.connection_id');
  const search = { country: query.country, areaCode: query.area_code, contains: query.contains };
  const paging = { list: 'number_search', filters: { connection: query.connection_id, ...search } };
  const byNumber = (x: AvailableNumber, y: AvailableNumber) => (x.number < y.number ? -1 : x.number > y.number ? 1 : 0);
  if (provider.kind !== 'simulated') {
    const found = (await provider.searchNumbers({ ...search, limit: PAGE_SIZE_MAX })).sort(byNumber);
    const page = pageInMemory(found, (n) => n.number, query, paging);
    return { provider: provider.kind, numbers: page.items, has_more: page.has_more, next_cursor: page.next_cursor };
  }
  const fingerprint = filterFingerprint({ list: paging.list, ...paging.filters });
  const after = query.cursor ? decodeCursor(query.cursor, fingerprint).id : '';
  const pool = simulatedPool(search).filter((n) => n.number > after).sort(byNumber);
  const taken = new Set<string>();
  // Taken numbers are few next to the pool; read them in pages of the candidates actually needed.
  const out: AvailableNumber[] = [];
  for (let start = 0; start < pool.length && out.length <= query.page_size; start += 500) {
    const batch = pool.slice(start, start + 500);
    const held = await em.find(PhoneNumber, { number: { $in: batch.map((n) => n.number) } }, { fields: ['number'] });
    for (const h of held) taken.add(h.number);
    for (const n of batch) if (!taken.has(n.number) && out.length <= query.page_size) out.push(n);
  }
  const page = slicePage(out, query.page_size, (n) => n.number, fingerprint);
  return { provider: 'simulated', numbers: page.items, has_more: page.has_more, next_cursor: page.next_cursor };
}

export async function purchasePhoneNumber(em: Em, principal: Principal, input: PurchaseNumberBody, settings: TelephonySettings): Promise<PhoneNumberView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(PurchaseNumberBody, input, 'body');
  const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
  return acquire(em, principal, body.number, provider.kind, connection?.id ?? null, 'purchased', () => provider.buyNumber(body.number));
}

/** A number already in a Twilio or Telnyx account, brought under the platform: the account must hold it. */
export async function importPhoneNumber(em: Em, principal: Principal, input: ImportNumberBody, settings: TelephonySettings): Promise<PhoneNumberView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(ImportNumberBody, input, 'body');
  const { provider, connection } = await providerFor(em, principal.organizationId, body.connection_id, settings);
  return acquire(em, principal, body.number, provider.kind, connection?.id ?? null, 'imported', () => provider.importNumber(body.number));
}

export async function listPhoneNumbers(em: Em, principal: Principal, query: Page): Promise<PageOf<PhoneNumberView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, PhoneNumber, { organization: principal.organizationId }, query, { list: 'phone_numbers', order: 'asc' });
  return { ...page, items: page.items.map(toPhoneNumberView) };
}

export async function getPhoneNumber(em: Em, principal: Principal, id: string): Promise<PhoneNumberView> {
  requirePermission(principal, 'agents:read');
  const row = await em.findOne(PhoneNumber, { id, organization: principal.organizationId });
  if (!row) throw new DomainError('NOT_FOUND', `Phone number ${id} was not found`, { resource: 'Phone number', id });
  return toPhoneNumberView(row);
}

/**
 * Removes the number from the platform (inbound calls to it stop routing).
 * It is not released at the provider: that costs the number for good, and
 * is done in the provider's console on purpose.
 */
export async function deletePhoneNumber(em: Em, principal: Principal, id: string): Promise<{ deleted: true; phone_number_id: string }> {
  requirePermission(principal, 'numbers:manage');
  const row = await em.findOne(PhoneNumber, { id, organization: principal.organizationId });
  if (!row) throw new DomainError('NOT_FOUND', `Phone number ${id} was not found`, { resource: 'Phone number', id });
  em.remove(row);
  recordAudit(em, principal, { action: 'phone_number.delete', targetType: 'phone_number', targetId: id, data: { number: row.number } });
  await em.flush();
  return { deleted: true, phone_number_id: id };
}

/**
 * The number's row is reserved (status pending) before the provider is
 * asked, so two purchases of one number racing cannot both buy it at the
 * provider: the unique constraint on the number lets one through and the
 * other hears 409 before spending anything. A provider refusal removes the
 * reservation.
 */
async function acquire(
  em: Em, principal: Principal, number: string, provider: PhoneNumber['provider'], connectionId: string | null,
  origin: 'purchased' | 'imported', ask: () => Promise<OwnedNumber>,
): Promise<PhoneNumberView> {
  const id = newId('phoneNumber');
  const row = em.create(PhoneNumber, {
    id, organization: principal.organizationId, number, country: countryOf(number) ?? 'ZZ', provider,
    connection: connectionId, providerNumberId: null, origin, status: 'pending', destination: null,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `${number} is already on the platform`, { issues: [{ field: 'body.number', message: 'already held' }] });
    }
    throw error;
  }
  let owned: OwnedNumber;
  try {
    owned = await ask();
  } catch (error) {
    await em.remove(row).flush();
    throw error;
  }
  row.providerNumberId = owned.providerNumberId;
  row.status = owned.status;
  recordAudit(em, principal, {
    action: `phone_number.${origin === 'purchased' ? 'purchase' : 'import'}`, targetType: 'phone_number', targetId: id,
    data: { number, provider, connection_id: connectionId, provider_number_id: owned.providerNumberId },
  });
  await em.flush();
  return toPhoneNumberView(row);
}

export function toPhoneNumberView(n: PhoneNumber): PhoneNumberView {
  return {
    phone_number_id: n.id, number: n.number, country: n.country, provider: n.provider, connection_id: n.connection ?? null,
    origin: n.origin, status: n.status, destination_id: n.destination ?? null, created_at: n.createdAt.toISOString(),
  };
}
