import type { Em } from '../../db/orm.js';
import { newId } from '../../modules/ids.js';
import { recordAudit } from '../../modules/audit/record-audit.js';
import type { Principal } from '../../modules/org/permissions.js';
import { OAuthConnection } from './connection.entity.js';

export interface NewConnection {
  grantId: string;
  clientId: string;
  clientName: string;
}

/**
 * Records the consent: `actor` is the user acting in the organization and
 * project they chose (resolved, so their membership is checked). Flushes the
 * connection and its audit event together.
 */
export async function createConnection(em: Em, actor: Principal, input: NewConnection): Promise<OAuthConnection> {
  if (!actor.projectId) throw new Error('createConnection needs a principal acting in a project');
  const connection = em.create(OAuthConnection, {
    id: newId('oauthConnection'),
    grantId: input.grantId,
    user: actor.id,
    clientId: input.clientId,
    clientName: input.clientName,
    organization: actor.organizationId,
    project: actor.projectId,
    lastUsedAt: null,
    revokedAt: null,
  });
  recordAudit(em, actor, {
    action: 'oauth_connection.create',
    targetType: 'oauth_connection',
    targetId: connection.id,
    data: { client_id: input.clientId, client_name: input.clientName, scope: 'mcp' },
  });
  await em.flush();
  return connection;
}
