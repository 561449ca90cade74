import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../../db/orm.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors.js';
import { recordAudit } from '../../audit/record-audit.js';
import type { Principal } from '../../org/permissions.js';
import { PhoneNumber } from '../telephony.entity.js';
import { countryOf, type PhoneNumberView } from '../telephony.schemas.js';
import type { OwnedNumber, TelephonyProvider } from '../carriers/telephony-provider.js';
import { twilioNumberStatusUrl } from '../carriers/twilio/twilio-status.js';
import type { TelephonySettings } from '../carriers/connections.js';
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
  carrier: { provider: TelephonyProvider; connectionId: string | null; settings: TelephonySettings },
  number: string,
  origin: 'purchased' | 'imported',
  /** Asks the carrier for the number: buys it, or checks that the account holds it. */
  ask: (provider: TelephonyProvider) => Promise<OwnedNumber>,
): Promise<PhoneNumberView> {
  const { provider: client, connectionId } = carrier;
  const provider = client.kind;
  const route = numberRouting(client, carrier.settings);
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
    voiceRoutingBefore: null,
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
    owned = await ask(client);
  } catch (error) {
    await em.remove(row).flush();
    throw error;
  }
  row.providerNumberId = owned.providerNumberId;
  row.status = owned.status;
  // Calls to the number come here from now on. An import that cannot be wired is undone (nothing was bought); a
  // bought number is kept, and the audit says its calls still go where they went.
  let routingError: string | undefined;
  if (route && owned.providerNumberId) {
    try {
      row.voiceRoutingBefore = await route(owned.providerNumberId);
    } catch (error) {
      if (origin === 'imported') {
        await em.remove(row).flush();
        throw error;
      }
      routingError = (error as Error).message;
    }
  }
  recordAudit(em, principal, {
    action: `phone_number.${origin === 'purchased' ? 'purchase' : 'import'}`,
    targetType: 'phone_number',
    targetId: id,
    data: {
      number,
      provider,
      connection_id: connectionId,
      provider_number_id: owned.providerNumberId,
      voice_routed: row.voiceRoutingBefore !== null && row.voiceRoutingBefore !== undefined,
      ...(routingError ? { voice_routing_error: routingError } : {}),
    },
  });
  await em.flush();
  return toPhoneNumberView(row);
}

/**
 * How a bought or imported number's calls are pointed at the platform: the carrier's routeNumber with its voice
 * webhook under PUBLIC_URL, returning how they were routed before; undefined without PUBLIC_URL (nobody could reach
 * us) or for the simulated carrier.
 */
function numberRouting(
  provider: TelephonyProvider,
  settings: TelephonySettings,
): ((providerNumberId: string) => Promise<Record<string, string | null>>) | undefined {
  if (!settings.publicUrl || !provider.routeNumber || provider.kind === 'simulated') return undefined;
  const voiceUrl = `${settings.publicUrl}/carriers/${provider.kind}/voice`;
  // Twilio tells an inbound call's end only to the number's status callback; Telnyx to the answer's webhook_url.
  const statusUrl = provider.kind === 'twilio' ? twilioNumberStatusUrl(settings.publicUrl) : undefined;
  return (providerNumberId) => provider.routeNumber!(providerNumberId, voiceUrl, statusUrl);
}
