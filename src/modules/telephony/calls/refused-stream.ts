import { sql, type Em } from '../../../db/orm.js';
import { Agent } from '../../agents/agents.entity.js';
import { DEFAULT_PRICE_LIST, Organization } from '../../org/org.entity.js';
import { recordSessions } from '../../calls/record-sessions.js';
import { emitEvent } from '../../triggers/emit-event.js';
import { callEndedData, sessionEventId } from '../../triggers/emit-session-events.js';
import type { StreamedCall } from './streamed-call.js';

/**
 * The record of a call whose media stream the media process refused after it
 * knew the call (media/transports/stream/carrier-stream.ts: a format it does
 * not take, another call's stream, no `start` in time, frames that break the
 * protocol): a failed session with end reason `media_refused`, the reason in
 * its transcript as a system line, and call.ended for webhook receivers, in
 * one transaction. The caller was answered and is hung up through the carrier
 * beside this; without the record the call would leave no trace. An outbound
 * call's session id is its own, so the dial waiting for it (outbound-call-steps.ts)
 * reads this end reason; a session already there is left as it is.
 */
export async function recordRefusedStream(
  em: Em,
  call: StreamedCall,
  reason: string,
  startedAt: Date,
  /** `busy`: the media process was at its capacity of talking calls, and the call was refused as a busy line is. */
  endReason: 'media_refused' | 'busy' = 'media_refused',
): Promise<void> {
  const [existing] = await sql(em, 'select 1 from call_session where id = ?', [call.sessionId]);
  if (existing) return;
  const agent = await em.findOne(Agent, { id: call.agentId });
  const organization = await em.findOne(Organization, { id: call.organizationId });
  const prices = organization?.priceList ?? DEFAULT_PRICE_LIST;
  await em.fork().transactional(async (tx) => {
    await recordSessions(
      tx,
      [
        {
          id: call.sessionId,
          organizationId: call.organizationId,
          projectId: call.projectId,
          agentId: call.agentId,
          agentName: agent?.name ?? call.agentId,
          agentVersionId: call.versionId,
          status: 'failed',
          endReason,
          direction: call.direction,
          caller: { address: call.caller },
          phoneNumber: call.phoneNumber,
          startedAt,
          variables: Object.entries(call.variables ?? {}).map(([key, value]) => ({ key, value })),
          // No conversation took place: a leg without talk time (nothing billed) carries the reason.
          legs: [
            {
              direction: call.direction,
              kind: 'agent',
              startOffsetSeconds: 0,
              durationSeconds: 0,
              turns: [
                {
                  speaker: 'system',
                  text: endReason === 'busy' ? `The call was refused as busy: ${reason}.` : `The media stream was refused: ${reason}.`,
                  offsetMs: 0,
                },
              ],
            },
          ],
        },
      ],
      () => prices,
    );
    await emitEvent(tx, {
      id: sessionEventId(call.sessionId, 'E'),
      organizationId: call.organizationId,
      agentId: call.agentId,
      type: 'call.ended',
      data: {
        session_id: call.sessionId,
        agent_id: call.agentId,
        agent_version_id: call.versionId,
        ...callEndedData({ status: 'failed', endReason, direction: call.direction, startedAt, durationSeconds: 0, costMicros: 0 }),
      },
    });
  });
}
