import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import type { ConnectionView } from './integrations.schemas.js';
import { findConnection, toConnectionView } from './connection-views.js';

/**
 * Disconnects: the credentials are wiped (not kept encrypted), the status is
 * `disconnected`, and agents whose tools name the connection stop being
 * offered them from their next call. The row stays, so its history and the
 * agents' entries still name something; connect with `connection_id` and
 * new credentials brings it back. Disconnecting twice changes nothing.
 */
export const disconnectConnection = operation({ needs: 'integrations:manage' }, async (em: Em, principal: Principal, id: string): Promise<ConnectionView> => {
  const row = await findConnection(em, principal, id);
  if (row.status !== 'disconnected' || row.credentialsEncrypted) {
    row.status = 'disconnected';
    row.credentialsEncrypted = null;
    row.disconnectedAt = new Date();
    recordAudit(em, principal, {
      action: 'integration_connection.disconnect',
      targetType: 'integration_connection',
      targetId: row.id,
      projectId: row.project ?? null,
      data: { integration: row.integration, name: row.name },
    });
    await em.flush();
  }
  return toConnectionView(row);
});
