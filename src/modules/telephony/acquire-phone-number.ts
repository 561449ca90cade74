import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { PhoneNumber } from './telephony.entity.js';
import { countryOf, type PhoneNumberView } from './telephony.schemas.js';
import type { OwnedNumber } from './telephony-provider.js';
import { toPhoneNumberView } from './phone-number-views.js';

/**
 * The number's row is reserved (status pending) before the provider is
 * asked, so two purchases of one number racing cannot both buy it at the
 * provider: the unique constraint on the number lets one through and the
 * other hears 409 before spending anything. A provider refusal removes the
 * reservation.
 */
export async function acquirePhoneNumber(
  em: Em,
  principal: Principal,
  number: string,
  provider: PhoneNumber['provider'],
  connectionId: string | null,
  origin: 'purchased' | 'imported',
  ask: () => Promise<OwnedNumber>,
): Promise<PhoneNumberView> {
  const id = newId('phoneNumber');
  const row = em.create(PhoneNumber, {
    id,
    organization: principal.organizationId,
    number,
    country: countryOf(number) ?? 'ZZ',
    provider,
    connection: connectionId,
    providerNumberId: null,
    origin,
    status: 'pending',
    destination: null,
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `${number} is already on the platform`, { issues: [{ field: 'number', message: 'already held' }] });
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
    action: `phone_number.${origin === 'purchased' ? 'purchase' : 'import'}`,
    targetType: 'phone_number',
    targetId: id,
    data: { number, provider, connection_id: connectionId, provider_number_id: owned.providerNumberId },
  });
  await em.flush();
  return toPhoneNumberView(row);
}
