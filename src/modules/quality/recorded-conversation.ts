import type { Em } from '../../db/orm.js';
import { CallLeg, CallSession, ToolCall } from '../calls/calls.entity.js';
import type { AgentConfig } from '../agents/agents.schemas.js';
import type { ConversationResult } from '../engine/run-conversation.js';

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * The ConversationResult of a session the engine has already recorded, read
 * back from the call records. A test run whose activity died after the
 * engine wrote the session (but before the run recorded its outcome) is
 * judged from this on its retry, instead of running a second conversation.
 * Null when no such session exists (the conversation never finished: the
 * engine writes a session once, at its end).
 */
export async function recordedConversation(em: Em, sessionId: string, config: AgentConfig): Promise<ConversationResult | null> {
  const session = await em.findOne(CallSession, { id: sessionId });
  if (!session) return null;
  const legs = await em.find(CallLeg, { session: sessionId }, { orderBy: { seq: 'asc' } });
  const calls = await em.find(ToolCall, { session: sessionId }, { orderBy: { startedAt: 'asc', id: 'asc' } });
  const byId = new Map(calls.map((c) => [c.id, c]));
  const transcript: ConversationResult['transcript'] = legs.flatMap((leg) =>
    leg.transcript.map((item) => {
      const call = item.tool_call ? byId.get(item.tool_call.tool_call_id) : undefined;
      return {
        speaker: item.speaker,
        text: item.text,
        ...(call ? { tool_call: { name: call.name, arguments: parse(call.requestText), result: parse(call.responseText) } } : {}),
      };
    }),
  );
  const toolCallIds = legs.flatMap((leg) => leg.transcript.flatMap((item) => (item.tool_call ? [item.tool_call.tool_call_id] : [])));
  const transferLeg = legs.find((leg) => leg.kind === 'transfer');
  // The engine reports a transfer by the destination's name; the leg keeps its address.
  const destination = transferLeg ? config.destinations.find((d) => d.address === transferLeg.address) : undefined;
  return {
    sessionId,
    status: session.status === 'failed' ? 'failed' : 'ended',
    endReason: session.endReason ?? 'error',
    transcript,
    toolCalls: toolCallIds.flatMap((id) => {
      const call = byId.get(id);
      return call
        ? [
            {
              name: call.name,
              arguments: parse(call.requestText),
              result: parse(call.responseText),
              status: call.status === 'failed' ? ('failed' as const) : ('succeeded' as const),
            },
          ]
        : [];
    }),
    variables: session.variables,
    transferredTo: transferLeg ? (destination?.name ?? transferLeg.address ?? null) : null,
    durationSeconds: session.durationSeconds,
    costMicros: session.totalCostMicros,
    agentVersionId: session.agentVersionId ?? '',
  };
}
