import type { z } from 'zod';
import type { Em } from '../../db/orm.js';
import { newId } from '../ids.js';
import { DomainError } from '../errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { actorOf } from '../agents/agent-access.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { resolveProjectId } from '../org/resolve-project.js';
import { assertPublicUrl } from '../outbound-http.js';
import { encryptSecret } from '../secrets/secret-box.js';
import type { EngineSettings } from '../engine/engine-settings.js';
import { IntegrationConnection } from './integrations.entity.js';
import { ConnectIntegrationBody, type ConnectionView } from './integrations.schemas.js';
import { INTEGRATIONS } from './catalogue.js';
import { ProviderError, toDomainError } from './provider-http.js';
import { validateCredentials } from './integration-clients.js';
import { findConnection, toConnectionView } from './connection-views.js';

/**
 * Credentials are sent to this address: it must be public, https (plain
 * http only for hosts on the outbound allowlist, e.g. a test server on
 * loopback) and carry no user:password of its own.
 */
function assertCredentialUrl(value: string, field: string, allowedHosts: readonly string[]): void {
  assertPublicUrl(value, field, allowedHosts);
  const url = new URL(value);
  const refuse = (message: string) => new DomainError('VALIDATION_FAILED', `${field} ${message}`, { issues: [{ field, message }] });
  if (url.username || url.password) throw refuse('must not carry credentials (user:password@); send them under credentials');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (url.protocol !== 'https:' && !allowedHosts.includes(host)) throw refuse('must be an https address: credentials are sent to it');
}

/**
 * Connects a calendar, CRM or helpdesk (POST /v1/integration/connection/connect).
 * The credentials are checked with the provider first: if it refuses them
 * (or the calendar is not there), the answer is a 422 with the provider's
 * reason and nothing is stored; a reconnect (`connection_id`) that fails
 * leaves the connection as it was. Addresses must be public (private ones are
 * a 400 now, and refused again after DNS on every request). Credentials are
 * stored encrypted, bound to the organization; the audit entry names which
 * were set, never their values.
 */
export const connectIntegration = operation(
  { needs: 'integrations:manage', input: ConnectIntegrationBody },
  async (
    em: Em,
    principal: Principal,
    body: z.output<typeof ConnectIntegrationBody>,
    settings: EngineSettings,
  ): Promise<{ connection: ConnectionView; created: boolean }> => {
    const urlField = body.integration === 'caldav' ? 'calendar_url' : 'base_url';
    const url = (body.settings as Record<string, unknown>)[urlField];
    if (typeof url === 'string') assertCredentialUrl(url, `settings.${urlField}`, settings.allowedHosts);

    const existing = body.connection_id ? await findConnection(em, principal, body.connection_id, 'connection_id') : null;
    if (existing && existing.integration !== body.integration) {
      throw new DomainError('VALIDATION_FAILED', `Connection ${existing.id} is a ${existing.integration} connection`, {
        issues: [{ field: 'integration', message: `must be ${existing.integration} to reconnect ${existing.id}` }],
      });
    }
    const projectId =
      body.project_id !== undefined || principal.projectId ? await resolveProjectId(em, principal, body.project_id) : (existing?.project ?? null);

    try {
      await validateCredentials(body, settings);
    } catch (error) {
      if (error instanceof ProviderError) throw toDomainError(error, `settings.${urlField}`);
      throw error;
    }

    const info = INTEGRATIONS.find((i) => i.key === body.integration)!;
    const credentialNames = Object.keys(body.credentials).sort();
    const credentialsEncrypted = encryptSecret(settings.encryptionKey, JSON.stringify(body.credentials), principal.organizationId);
    const now = new Date();
    let row: IntegrationConnection;
    if (existing) {
      row = existing;
      Object.assign(row, {
        name: body.name ?? row.name,
        project: projectId,
        settings: body.settings,
        credentialsEncrypted,
        credentialNames,
        status: 'connected',
        lastError: null,
        lastErrorAt: null,
        connectedAt: now,
        disconnectedAt: null,
      });
    } else {
      row = em.create(IntegrationConnection, {
        id: newId('integrationConnection'),
        organization: principal.organizationId,
        project: projectId,
        integration: body.integration,
        kind: info.kind,
        name: body.name ?? info.name,
        settings: body.settings,
        credentialsEncrypted,
        credentialNames,
        status: 'connected',
        lastError: null,
        lastErrorAt: null,
        connectedAt: now,
        disconnectedAt: null,
        createdBy: actorOf(principal),
      });
    }
    recordAudit(em, principal, {
      action: existing ? 'integration_connection.reconnect' : 'integration_connection.connect',
      targetType: 'integration_connection',
      targetId: row.id,
      projectId,
      data: { integration: body.integration, name: row.name, settings: body.settings, credential_names: credentialNames },
    });
    await em.flush();
    return { connection: toConnectionView(row), created: !existing };
  },
);
