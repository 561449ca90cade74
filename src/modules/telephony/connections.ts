import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError, notFound } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { parseInput } from '../validation.js';
import { assertPublicUrl } from '../outbound-http.js';
import { decryptSecret, encryptSecret } from '../secrets/secret-box.js';
import { dispatcherFor, type EngineSettings } from '../engine/engine-settings.js';
import { TelephonyConnection } from './telephony.entity.js';
import { CreateConnectionBody, type ConnectionView } from './telephony.schemas.js';
import type { TelephonyProvider } from './telephony-provider.js';
import { createSimulatedCarrier, DEFAULT_SIMULATION } from './simulated-carrier.js';
import { createTwilioClient, TWILIO_BASE_URL, type TwilioCredentials } from './twilio-client.js';
import { createTelnyxClient, TELNYX_BASE_URL, type TelnyxCredentials } from './telnyx-client.js';
import { findPage, type Page, type PageOf } from '../paging.js';

/** What the telephony module needs from the configuration: the encryption key and the outbound allowlist. */
export type TelephonySettings = EngineSettings;

/**
 * Registers a carrier account. Real credentials are checked with the
 * provider before anything is saved (a connection that cannot work is
 * refused now, not on the first dial), then stored encrypted with the
 * organization id bound in. The audit entry records that credentials were
 * set, never what they are.
 */
export async function createConnection(em: Em, principal: Principal, input: CreateConnectionBody, settings: TelephonySettings): Promise<ConnectionView> {
  requirePermission(principal, 'numbers:manage');
  const body = parseInput(CreateConnectionBody, input, 'body');
  const id = newId('telephonyConnection');
  let connection: TelephonyConnection;
  if (body.provider === 'simulated') {
    connection = em.create(TelephonyConnection, {
      id, organization: principal.organizationId, name: body.name, provider: 'simulated', credentialsEncrypted: null, baseUrl: null,
      simulation: {
        seed: body.simulation?.seed ?? DEFAULT_SIMULATION.seed,
        rules: body.simulation?.rules ?? [],
        distribution: body.simulation?.distribution ?? DEFAULT_SIMULATION.distribution,
      },
    });
  } else {
    if (body.base_url) assertPublicUrl(body.base_url, 'body.base_url', settings.allowedHosts);
    const baseUrl = (body.base_url ?? (body.provider === 'twilio' ? TWILIO_BASE_URL : TELNYX_BASE_URL)).replace(/\/+$/, '');
    await clientFor(body.provider, body.credentials, baseUrl, settings).validateCredentials();
    connection = em.create(TelephonyConnection, {
      id, organization: principal.organizationId, name: body.name, provider: body.provider, baseUrl, simulation: null,
      credentialsEncrypted: encryptSecret(settings.encryptionKey, JSON.stringify(body.credentials), principal.organizationId),
    });
  }
  recordAudit(em, principal, {
    action: 'telephony_connection.create', targetType: 'telephony_connection', targetId: id,
    data: { name: body.name, provider: body.provider, base_url: connection.baseUrl ?? null, credentials_set: connection.credentialsEncrypted !== null },
  });
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) {
      throw new DomainError('CONFLICT', `The organization has a telephony connection named "${body.name}" already`, {
        issues: [{ field: 'body.name', message: 'already used by another connection' }],
      });
    }
    throw error;
  }
  return toConnectionView(connection);
}

export async function listConnections(em: Em, principal: Principal, query: Page): Promise<PageOf<ConnectionView>> {
  requirePermission(principal, 'agents:read');
  const page = await findPage(em, TelephonyConnection, { organization: principal.organizationId }, query, { list: 'telephony_connections', order: 'asc' });
  return { ...page, items: page.items.map(toConnectionView) };
}

export function toConnectionView(c: TelephonyConnection): ConnectionView {
  return {
    connection_id: c.id,
    name: c.name,
    provider: c.provider,
    base_url: c.baseUrl ?? null,
    has_credentials: c.credentialsEncrypted !== null && c.credentialsEncrypted !== undefined,
    created_at: c.createdAt.toISOString(),
  };
}

function clientFor(kind: 'twilio' | 'telnyx', credentials: unknown, baseUrl: string, settings: TelephonySettings): TelephonyProvider {
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
  field = 'body.connection_id',
): Promise<{ provider: TelephonyProvider; connection: TelephonyConnection | null }> {
  if (!connectionId) return { provider: createSimulatedCarrier(), connection: null };
  const connection = await em.findOne(TelephonyConnection, { id: connectionId, organization: organizationId });
  if (!connection) {
    throw new DomainError('NOT_FOUND', `Telephony connection ${connectionId} was not found`, {
      resource: 'Telephony connection', id: connectionId, issues: [{ field, message: 'no such connection in this organization' }],
    });
  }
  if (connection.provider === 'simulated') return { provider: createSimulatedCarrier(connection.simulation ?? DEFAULT_SIMULATION), connection };
  if (!connection.credentialsEncrypted || !connection.baseUrl) throw notFound('Telephony connection credentials', connection.id);
  const credentials: unknown = JSON.parse(decryptSecret(settings.encryptionKey, connection.credentialsEncrypted, organizationId));
  return { provider: clientFor(connection.provider, credentials, connection.baseUrl, settings), connection };
}
