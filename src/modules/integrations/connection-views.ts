import type { Em } from '../../db/orm.js';
import { notFound } from '../errors.js';
import type { Principal } from '../org/permissions.js';
import { IntegrationConnection } from './integrations.entity.js';
import type { ConnectionView } from './integrations.schemas.js';
import { TOOLS_OF, WRITES } from './integration-tools.js';

/** The API's view of a connection: settings yes, credentials never (only their names). */
export function toConnectionView(c: IntegrationConnection): ConnectionView {
  return {
    connection_id: c.id,
    integration: c.integration,
    kind: c.kind,
    name: c.name,
    project_id: c.project ?? null,
    status: c.status,
    settings: c.settings,
    credential_names: c.credentialsEncrypted ? c.credentialNames : [],
    last_error: c.lastError ?? null,
    last_error_at: c.lastErrorAt?.toISOString() ?? null,
    connected_at: c.connectedAt?.toISOString() ?? null,
    disconnected_at: c.disconnectedAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
    agent_tools: TOOLS_OF[c.integration].map((name) => ({
      name,
      kind: 'integration' as const,
      permission: WRITES.has(name) ? ('ask' as const) : ('allow' as const),
      config: { connection_id: c.id },
    })),
  };
}

/**
 * A connection the principal may see: its organization's (another's reads as
 * 404), and for a sign-in acting in one project, organization-wide ones and
 * that project's.
 */
export async function findConnection(em: Em, principal: Principal, id: string, field = 'connection_id'): Promise<IntegrationConnection> {
  const row = await em.findOne(IntegrationConnection, { id, organization: principal.organizationId });
  if (!row || (principal.projectId && row.project && row.project !== principal.projectId)) {
    const error = notFound('Integration connection', id);
    error.details.issues = [{ field, message: 'no such connection in this organization' }];
    throw error;
  }
  return row;
}
