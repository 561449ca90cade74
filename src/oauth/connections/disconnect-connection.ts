import type { Em, Orm } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { notFound } from '../../modules/errors.js';
import { recordAudit } from '../../modules/audit/record-audit.js';
import type { Principal } from '../../modules/org/permissions.js';
import { deleteGrantArtefacts } from '../adapter.js';
import { OAuthConnection } from './connection.entity.js';

/**
 * Disconnect from the dashboard: the connection is marked revoked (the MCP
 * endpoint refuses its access tokens from the next request on), then the
 * grant and every code and refresh token of it are deleted (the client can
 * no longer refresh). Only the user's own connections can be disconnected.
 */
export async function disconnectConnection(em: Em, orm: Orm, user: { id: string; email: string }, connectionId: string, requestId?: string): Promise<void> {
  const connection = await em.findOne(OAuthConnection, { id: connectionId, user: user.id, revokedAt: null });
  if (!connection) throw notFound('Connection', connectionId);
  connection.revokedAt = new Date();
  // Not resolveUserPrincipal: a user removed from the organization may still disconnect their assistant.
  const actor: Principal = {
    kind: 'user',
    id: user.id,
    name: user.email,
    organizationId: connection.organization,
    projectId: connection.project,
    permissions: new Set(),
    via: 'dashboard',
    requestId,
  };
  recordAudit(em, actor, {
    action: 'oauth_connection.revoke',
    targetType: 'oauth_connection',
    targetId: connection.id,
    data: { client_id: connection.clientId, client_name: connection.clientName },
  });
  await em.flush();
  await deleteGrantArtefacts(orm, connection.grantId);
}

/**
 * When the provider revokes a grant itself (a rotated refresh token was
 * reused, or the client revoked its refresh token), the connection ends too,
 * so Connected apps does not list a dead entry.
 */
export async function markGrantRevoked(orm: Orm, grantId: string): Promise<void> {
  await sql(orm.em.fork(), 'update oauth_connection set revoked_at = now() where grant_id = ? and revoked_at is null', [grantId]);
}
