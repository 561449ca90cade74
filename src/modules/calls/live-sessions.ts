import type { Em } from '../../db/orm.js';
import { sql } from '../../db/orm.js';
import { DEFAULT_PRICE_LIST, Organization } from '../org/org.entity.js';
import { recordSessions } from './record-sessions.js';
import type { Direction } from './calls.entity.js';

/**
 * A live call's session row while the call runs (issue 11): written
 * `in_progress` when the call is answered, so listings show it and REST and
 * MCP can hang it up; replaced by the finished record when it ends, through
 * the one write path (recordSessions), exactly once: whichever of the media
 * process (the call ended) and the liveCall workflow (the process died)
 * replaces it first wins, and the other finds nothing to replace. Only
 * finished sessions are counted and billed, so nothing is billed twice.
 */
export interface LiveSessionInput {
  id: string;
  organizationId: string;
  projectId: string;
  agentId: string;
  agentName: string;
  agentVersionId: string;
  direction: Direction;
  caller: { name?: string | null; address: string };
  phoneNumber: string | null;
  startedAt: Date;
  /** The media process holding the call (its Temporal task queue). */
  mediaNode: string;
}

export async function openLiveSession(em: Em, input: LiveSessionInput): Promise<void> {
  // One transaction: a process killed in between must not leave an in-progress row without its holder and heartbeat.
  await em.transactional(async (tx) => {
    await writeLiveSession(tx, input);
    await sql(tx, `update call_session set media_node = ?, media_heartbeat_at = now() where id = ?`, [input.mediaNode, input.id]);
  });
}

async function writeLiveSession(em: Em, input: LiveSessionInput): Promise<void> {
  await recordSessions(
    em,
    [
      {
        id: input.id,
        organizationId: input.organizationId,
        projectId: input.projectId,
        agentId: input.agentId,
        agentName: input.agentName,
        agentVersionId: input.agentVersionId,
        status: 'in_progress',
        endReason: null,
        direction: input.direction,
        kind: 'live',
        caller: input.caller,
        phoneNumber: input.phoneNumber,
        startedAt: input.startedAt,
        legs: [],
      },
    ],
    () => DEFAULT_PRICE_LIST,
  );
}

/** The media process still holds its calls: one statement for all of them, every few seconds. */
export async function heartbeatLiveSessions(em: Em, mediaNode: string): Promise<void> {
  await sql(em, `update call_session set media_heartbeat_at = now() where media_node = ? and status = 'in_progress'`, [mediaNode]);
}

/**
 * How long a live session may go without its media process's heartbeat (every
 * 2 s) before anyone may finalize it as lost. The liveCall workflow does that
 * within seconds of the process dying; this is the backstop for a call whose
 * workflow never started (the process died between writing the session and
 * starting it, or Temporal refused the start), which would otherwise stay in
 * progress forever.
 */
export const ABANDONED_AFTER_MS = 30_000;

/** Finalizes (media_lost) every live session whose media process stopped heartbeating `staleMs` ago; returns their ids. */
export async function finalizeAbandonedSessions(em: Em, staleMs = ABANDONED_AFTER_MS): Promise<string[]> {
  const stale = await sql<{ id: string }>(
    em,
    `select id from call_session where status = 'in_progress' and coalesce(media_heartbeat_at, started_at) < now() - make_interval(secs => ?)`,
    [staleMs / 1000],
  );
  const finalized: string[] = [];
  for (const { id } of stale) if ((await finalizeLostSession(em.fork(), id)).finalized) finalized.push(id);
  return finalized;
}

/**
 * Removes the in-progress row inside the transaction that writes the finished
 * record; false when there is none because the call was already finalized
 * (then the caller writes nothing).
 */
export async function takeLiveSession(tx: Em, sessionId: string): Promise<boolean> {
  const taken = await sql<{ id: string }>(tx, `delete from call_session where id = ? and status = 'in_progress' returning id`, [sessionId]);
  if (taken.length) return true;
  const exists = await sql<{ id: string }>(tx, `select id from call_session where id = ?`, [sessionId]);
  return exists.length === 0;
}

/**
 * A live call whose media process stopped (the liveCall workflow saw its
 * supervision end without the call being recorded): finalized as failed with
 * end reason media_lost, lasting until the process last said it held the
 * call, and billed for that. Idempotent: a call already recorded is left as
 * it is.
 */
export async function finalizeLostSession(em: Em, sessionId: string): Promise<{ finalized: boolean }> {
  return em.transactional(async (tx) => {
    const [row] = await sql<{
      organization_id: string;
      project_id: string;
      agent_id: string | null;
      agent_name: string;
      agent_version_id: string | null;
      direction: Direction;
      caller_name: string | null;
      caller_address: string | null;
      phone_number: string | null;
      started_at: Date;
      media_heartbeat_at: Date | null;
    }>(tx, `select * from call_session where id = ? and status = 'in_progress' for update`, [sessionId]);
    if (!row) return { finalized: false };
    const startedAt = new Date(row.started_at);
    const lastSeen = row.media_heartbeat_at ? new Date(row.media_heartbeat_at) : startedAt;
    const durationSeconds = Math.max(1, Math.ceil((lastSeen.getTime() - startedAt.getTime()) / 1000));
    const organization = await tx.findOne(Organization, { id: row.organization_id });
    await sql(tx, `delete from call_session where id = ?`, [sessionId]);
    const note = 'The media process holding this call stopped; the call was finalized from its last heartbeat.';
    await recordSessions(
      tx,
      [
        {
          id: sessionId,
          organizationId: row.organization_id,
          projectId: row.project_id,
          agentId: row.agent_id,
          agentName: row.agent_name,
          agentVersionId: row.agent_version_id,
          status: 'failed',
          endReason: 'media_lost',
          direction: row.direction,
          kind: 'live',
          caller: { name: row.caller_name, address: row.caller_address },
          phoneNumber: row.phone_number,
          startedAt,
          summaries: [note],
          legs: [
            {
              direction: row.direction,
              kind: 'agent',
              address: row.caller_address,
              startOffsetSeconds: 0,
              durationSeconds,
              turns: [{ speaker: 'system', text: note, offsetMs: durationSeconds * 1000 }],
            },
          ],
        },
      ],
      () => organization?.priceList ?? DEFAULT_PRICE_LIST,
    );
    return { finalized: true };
  });
}
