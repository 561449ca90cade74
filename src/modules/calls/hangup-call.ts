import { WorkflowNotFoundError } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import { DomainError, notFound } from '../errors.js';
import { requirePermission, type Principal } from '../org/permissions.js';
import { recordAudit } from '../audit/record-audit.js';
import { withinDeadline } from '../../temporal/deadline.js';
import type { TemporalAccess } from '../temporal-access.js';
import { workflowIds } from '../../../workflows/workflow-ids.js';
import { hangupUpdate } from '../../../workflows/live-call/messages.js';
import { CallSession } from './calls.entity.js';

/**
 * Hangs up a live call (REST call_session/{id}/hangup, MCP hangup_call):
 * the call's liveCall workflow asks the media process holding it to send
 * BYE; the session is then recorded as ended by the agent side. A call that
 * is not in progress is a 409; one whose process is gone is a 503 (the
 * workflow finalizes it on its own within seconds).
 */
export async function hangupCall(
  em: Em,
  temporal: TemporalAccess,
  principal: Principal,
  sessionId: string,
): Promise<{ session_id: string; hangup: 'requested' }> {
  requirePermission(principal, 'outbound:call');
  const session = await em.findOne(CallSession, {
    id: sessionId,
    organization: principal.organizationId,
    ...(principal.projectId ? { project: principal.projectId } : {}),
  });
  if (!session) throw notFound('Call session', sessionId);
  if (session.status !== 'in_progress') {
    throw new DomainError('CONFLICT', `Call ${sessionId} is not in progress (status ${session.status})`, { session_status: session.status });
  }
  let accepted = false;
  try {
    const handle = temporal.client.workflow.getHandle(workflowIds.liveCall(sessionId));
    accepted = (await withinDeadline(temporal.client, 10_000, () => handle.executeUpdate(hangupUpdate, { args: [{ reason: `hung up by ${principal.id}` }] })))
      .accepted;
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw new DomainError('UNAVAILABLE', `The call could not be reached: ${(error as Error).message}`);
  }
  if (!accepted) {
    throw new DomainError('UNAVAILABLE', `The media process holding call ${sessionId} did not take the hangup; the call is being finalized`);
  }
  recordAudit(em, principal, { action: 'call.hangup', targetType: 'call_session', targetId: sessionId, projectId: session.project });
  await em.flush();
  return { session_id: sessionId, hangup: 'requested' };
}
