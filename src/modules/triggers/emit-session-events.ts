import { sql, type Em } from '../../db/orm.js';
import { emitEvent } from './emit-event.js';
import type { EventKind } from './triggers.schemas.js';
import type { WebhookEventData } from './webhook-events.schemas.js';

type SessionEventKind = Exclude<EventKind, 'call.started' | 'campaign.finished'>;

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
  /** The post-call analysis: the summary written with the session. */
  summary: string;
}

/**
 * The events a recorded call makes (decision 0014), written in the
 * transaction that records the session (call with that transaction's
 * EntityManager): call.ended always; variables.collected when the call
 * collected any; tool_call.failed per failed tool call (read back from the
 * rows just written, for their ids); transfer.started when it was transferred;
 * call.analyzed last, with the post-call analysis (summary, variables,
 * outcome, tool calls made and failed).
 * Returns the runs to start once the transaction commits.
 */
export async function emitSessionEvents(em: Em, session: RecordedSession): Promise<string[]> {
  const base = { organizationId: session.organizationId, agentId: session.agentId };
  const ids = { session_id: session.sessionId, agent_id: session.agentId, agent_version_id: session.agentVersionId };
  const runIds: string[] = [];
  // Each kind's fields beside the session's ids, checked against its schema (webhook-events.schemas.ts).
  const emit = async <K extends SessionEventKind>(type: K, data: Omit<WebhookEventData<K>, keyof typeof ids>) => {
    runIds.push(...(await emitEvent(em, { ...base, type, data: { ...ids, ...data } as WebhookEventData<K> })).runIds);
  };
  await emit('call.ended', callEndedData(session));
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
  const [{ total }] = await sql<{ total: number | string }>(em, 'select count(*) as total from tool_call where session_id = ?', [session.sessionId]);
  await emit('call.analyzed', {
    summary: session.summary,
    variables: session.variables,
    outcome: callOutcome(session),
    end_reason: session.endReason,
    tool_calls: { total: Number(total), failed: failed.length },
    transferred_to: session.transferredTo?.name ?? null,
  });
  return runIds;
}

/** call.ended's account of how the call went (the session's ids are added beside it). */
export function callEndedData(session: Pick<RecordedSession, 'status' | 'endReason' | 'direction' | 'startedAt' | 'durationSeconds' | 'costMicros'>) {
  return {
    status: session.status,
    end_reason: session.endReason,
    direction: session.direction,
    started_at: session.startedAt.toISOString(),
    duration_seconds: session.durationSeconds,
    cost_micros: session.costMicros,
  };
}

/**
 * The id of a session's one event of a kind (S: call.started, E: call.ended of a call that never connected),
 * derived from the session's, so a step run again after a crash does not announce the call twice.
 */
export function sessionEventId(sessionId: string, kind: 'S' | 'E'): string {
  return `evt_${sessionId.slice(sessionId.indexOf('_') + 1)}${kind}`;
}

/** The call in one word, for a receiver that routes on it: failed, transferred, abandoned (the caller left) or completed. */
function callOutcome(session: RecordedSession): 'failed' | 'transferred' | 'abandoned' | 'completed' {
  if (session.status === 'failed') return 'failed';
  if (session.transferredTo) return 'transferred';
  if (session.endReason === 'customer_hangup') return 'abandoned';
  return 'completed';
}

/**
 * call.started, when the engine begins a call (before anything is recorded),
 * once per session (sessionEventId).
 */
export async function emitCallStarted(
  em: Em,
  call: {
    organizationId: string;
    agentId: string;
    agentVersionId: string;
    sessionId: string;
    direction: string;
    caller: { name: string | null; address: string };
    phoneNumber: string | null;
  },
): Promise<string[]> {
  const { runIds } = await emitEvent(em, {
    id: sessionEventId(call.sessionId, 'S'),
    organizationId: call.organizationId,
    agentId: call.agentId,
    type: 'call.started',
    data: {
      session_id: call.sessionId,
      agent_id: call.agentId,
      agent_version_id: call.agentVersionId,
      direction: call.direction,
      caller: call.caller,
      phone_number: call.phoneNumber,
      started_at: new Date().toISOString(),
    },
  });
  return runIds;
}
