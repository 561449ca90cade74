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

/**
 * Numbers the provider offers. For the simulated carrier the shared pool is
 * searched past the numbers someone on the platform already holds, so
 * `limit` numbers come back while the pool lasts.
 */
export async function searchPhoneNumbers(
  em: Em, principal: Principal, input: SearchNumbersQuery, settings: TelephonySettings,
): Promise<{ provider: 'simulated' | 'twilio' | 'telnyx'; numbers: AvailableNumber[] }> {
  requirePermission(principal, 'agents:read');
  const query = parseInput(SearchNumbersQuery, input, 'query');
  const { provider } = await providerFor(em, principal.organizationId, query.connection_id, settings, 'query.connection_id');
  const search = { country: query.country, areaCode: query.area_code, contains: query.contains, limit: query.limit };
  if (provider.kind !== 'simulated') return { provider: provider.kind, numbers: await provider.searchNumbers(search) };
  const pool = simulatedPool(search);
  const taken = new Set<string>();
  // Taken numbers are few next to the pool; read them in pages of the candidates actually needed.
  const out: AvailableNumber[] = [];
  for (let start = 0; start < pool.length && out.length < query.limit; start += 500) {
    const page = pool.slice(start, start + 500);
    const held = await em.find(PhoneNumber, { number: { $in: page.map((n) => n.number) } }, { fields: ['number'] });
    for (const h of held) taken.add(h.number);
    for (const n of page) if (!taken.has(n.number) && out.length < query.limit) out.push(n);
  }
  return { provider: 'simulated', numbers: out };
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

export async function listPhoneNumbers(em: Em, principal: Principal): Promise<PhoneNumberView[]> {
  requirePermission(principal, 'agents:read');
  const rows = await em.find(PhoneNumber, { organization: principal.organizationId }, { orderBy: { id: 'asc' } });
  return rows.map(toPhoneNumberView);
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
