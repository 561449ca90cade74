import { sql, type Em } from '../../db/orm.js';
import { emitEvent } from './emit-event.js';

export interface RecordedSession {
  organizationId: string;
  agentId: string;
  sessionId: string;
  agentVersionId: string;
  status: string;
  endReason: string;
  direction: string;
  startedAt: Date;
  durationSeconds: number;
  costMicros: number;
  variables: { key: string; value: string }[];
  transferredTo: { name: string; address: string } | null;
}

/**
 * The events a recorded call makes (DESIGN section 5), written in the
 * transaction that records the session (call with that transaction's
 * EntityManager): call.ended always; variables.collected when the call
 * collected any; tool_call.failed per failed tool call (read back from the
 * rows just written, for their ids); transfer.started when it was transferred.
 * Returns the runs to start once the transaction commits.
 */
export async function emitSessionEvents(em: Em, session: RecordedSession): Promise<string[]> {
  const base = { organizationId: session.organizationId, agentId: session.agentId };
  const ids = { session_id: session.sessionId, agent_id: session.agentId, agent_version_id: session.agentVersionId };
  const runIds: string[] = [];
  const emit = async (type: Parameters<typeof emitEvent>[1]['type'], data: Record<string, unknown>) => {
    runIds.push(...(await emitEvent(em, { ...base, type, data: { ...ids, ...data } })).runIds);
  };
  await emit('call.ended', {
    status: session.status,
    end_reason: session.endReason,
    direction: session.direction,
    started_at: session.startedAt.toISOString(),
    duration_seconds: session.durationSeconds,
    cost_micros: session.costMicros,
  });
  if (session.variables.length) await emit('variables.collected', { variables: session.variables });
  const failed = await sql<{ id: string; name: string; request_text: string | null; response_text: string | null }>(
    em,
    "select id, name, request_text, response_text from tool_call where session_id = ? and status = 'failed' order by id",
    [session.sessionId],
  );
  for (const call of failed) {
    await emit('tool_call.failed', { tool_call: { tool_call_id: call.id, name: call.name, request: call.request_text, response: call.response_text } });
  }
  if (session.transferredTo) await emit('transfer.started', { transfer: { to: session.transferredTo.name, address: session.transferredTo.address } });
  return runIds;
}
