import type { Em } from '../../db/orm.js';
import { recordAudit } from '../audit/record-audit.js';
import { systemPrincipal } from '../org/permissions.js';
import { IntegrationConnection } from './integrations.entity.js';

/**
 * What a tool call learned about a connection: the provider refused its
 * credentials (`error` with the reason and time), or accepted them again
 * after an error (`connected`). Written only when the status changes (one
 * row update and an audit entry, as the system on behalf of the call), and
 * never over a disconnect made meanwhile. Failing to write it must not fail
 * the tool call.
 */
export async function recordConnectionHealth(em: Em, row: IntegrationConnection, error: string | null, sessionId: string): Promise<void> {
  try {
    const current = await em.findOne(IntegrationConnection, { id: row.id, organization: row.organization });
    if (!current || current.status === 'disconnected') return;
    const status = error ? 'error' : 'connected';
    if (current.status === status && (status === 'connected' || current.lastError === error)) return;
    current.status = status;
    if (error) {
      current.lastError = error.slice(0, 1000);
      current.lastErrorAt = new Date();
    } else {
      current.connectedAt = new Date();
    }
    recordAudit(
      em,
      { ...systemPrincipal(row.organization, 'system'), name: `call ${sessionId}` },
      {
        action: error ? 'integration_connection.error' : 'integration_connection.recovered',
        targetType: 'integration_connection',
        targetId: row.id,
        projectId: row.project ?? null,
        data: { status, ...(error ? { error: current.lastError } : {}) },
      },
    );
    await em.flush();
    row.status = status;
  } catch {
    // The status is advisory; the tool call's own result says what happened.
  }
}
