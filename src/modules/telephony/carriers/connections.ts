import type { Em } from '../../../db/orm.js';
import { DomainError, notFound } from '../../errors.js';
import { decryptSecret } from '../../secrets/secret-box.js';
import { dispatcherFor, type EngineSettings } from '../../engine/engine-settings.js';
import { TelephonyConnection } from '../telephony.entity.js';
import type { TelephonyProvider } from './telephony-provider.js';
import { createSimulatedCarrier, DEFAULT_SIMULATION } from './simulated-carrier.js';
import { createTwilioClient, type TwilioCredentials } from './twilio/twilio-client.js';
import { createTelnyxClient, type TelnyxCredentials } from './telnyx/telnyx-client.js';

/** What the telephony module needs from the configuration: the encryption key and the outbound allowlist. */
export type TelephonySettings = EngineSettings;

/**
 * Refuses a carrier base_url whose host is not on the carrier allow-list (CARRIER_API_HOSTS, decision 0056): numbers
 * are unique platform-wide and calls route by number, so an organization whose connection talked to its own fake
 * carrier API could import anyone's number and lock its real owner out. `code`: VALIDATION_FAILED when the URL is
 * being given (create), UNPROCESSABLE for a stored connection that the list no longer admits (every use).
 */
export function assertCarrierHost(
  baseUrl: string,
  carrierHosts: readonly string[],
  code: 'VALIDATION_FAILED' | 'UNPROCESSABLE' = 'UNPROCESSABLE',
  field = 'base_url',
): void {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    host = '';
  }
  if (host && carrierHosts.includes(host)) return;
  const message = `must be on a carrier's own API host (${carrierHosts.join(', ') || 'none allowed'}; CARRIER_API_HOSTS), not ${host || 'this URL'}`;
  throw new DomainError(code, `The telephony connection's ${field} ${message}`, { issues: [{ field, message }] });
}

export function clientFor(kind: 'twilio' | 'telnyx', credentials: unknown, baseUrl: string, settings: TelephonySettings): TelephonyProvider {
  assertCarrierHost(baseUrl, settings.carrierHosts);
  const wire = { baseUrl, allowedHosts: settings.allowedHosts, dispatcher: dispatcherFor(settings) };
  return kind === 'twilio' ? createTwilioClient(credentials as TwilioCredentials, wire) : createTelnyxClient(credentials as TelnyxCredentials, wire);
}

/**
 * The provider of `connectionId` in the principal's organization; without an
 * id, the built-in simulated carrier with its default rules.
 */
export async function providerFor(
  em: Em,
  organizationId: string,
  connectionId: string | undefined | null,
  settings: TelephonySettings,
  field = 'connection_id',
): Promise<{ provider: TelephonyProvider; connection: TelephonyConnection | null; credentials?: unknown }> {
  if (!connectionId) return { provider: createSimulatedCarrier(), connection: null };
  const connection = await em.findOne(TelephonyConnection, { id: connectionId, organization: organizationId });
  if (!connection) {
    throw new DomainError('NOT_FOUND', `Telephony connection ${connectionId} was not found`, {
      resource: 'Telephony connection',
      id: connectionId,
      issues: [{ field, message: 'no such connection in this organization' }],
    });
  }
  if (connection.provider === 'simulated') return { provider: createSimulatedCarrier(connection.simulation ?? DEFAULT_SIMULATION), connection };
  if (!connection.credentialsEncrypted || !connection.baseUrl) throw notFound('Telephony connection credentials', connection.id);
  assertCarrierHost(connection.baseUrl, settings.carrierHosts);
  const credentials: unknown = JSON.parse(decryptSecret(settings.encryptionKey, connection.credentialsEncrypted, organizationId));
  return { provider: clientFor(connection.provider, credentials, connection.baseUrl, settings), connection, credentials };
}
