import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import type { Principal } from '../org/permissions.js';
import { operation } from '../operation.js';
import { findConnection } from './connection-views.js';

/**
 * Deletes the connection and its credentials for good. Agent versions that
 * name it keep their entries (versions are immutable); those tools are simply
 * no longer offered, as for a disconnected connection.
 */
export const deleteConnection = operation(
  { needs: 'integrations:manage' },
  async (em: Em, principal: Principal, id: string): Promise<{ connection_id: string; deleted: true }> => {
    const row = await findConnection(em, principal, id);
    recordAudit(em, principal, {
      action: 'integration_connection.delete',
      targetType: 'integration_connection',
      targetId: row.id,
      projectId: row.project ?? null,
      data: { integration: row.integration, name: row.name },
    });
    em.remove(row);
    await em.flush();
    return { connection_id: id, deleted: true };
  },
);
