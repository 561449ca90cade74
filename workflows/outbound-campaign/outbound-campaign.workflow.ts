import {
  allHandlersFinished,
  ApplicationFailure,
  condition,
  continueAsNew,
  ParentClosePolicy,
  patched,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
  startChild,
  workflowInfo,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { Activities } from '../../activities/index.js';
import { presets } from '../activity-presets.js';
import { workflowIds } from '../workflow-ids.js';
import { campaignDial } from './campaign-dial.workflow.js';
import { campaignDialBatch } from './campaign-dial-batch.workflow.js';
import {
  CAMPAIGN_MOVE_REFUSED,
  cancelUpdate,
  PACE_LIMITS,
  pauseUpdate,
  progressQuery,
  resumeUpdate,
  setPaceUpdate,
  type CampaignInput,
  type CampaignMove,
  type CampaignProgress,
  type PaceMove,
} from './messages.js';

const db = proxyActivities<Activities>(presets.campaignStep);
const local = proxyLocalActivities<Activities>(presets.campaignLocalStep);

/** Longest wait between looks at the database while dials are in flight (children of earlier runs report only there). */
const POLL_MS = 1000;
/** Most recipients claimed per step. */
const PAGE = 50;
/**
 * Most dials of one batch: several batches are in flight at once, so a
 * campaign's dials spread over the workers, and slots come back (the batch's
 * end wakes the campaign) a batch at a time rather than after the slowest
 * of fifty.
 */
const DIAL_BATCH = 10;
/** A dial in flight whose recipient row has not moved for this long is checked: is its workflow still there? */
const STALE_MS = 60_000;
/** The patch that made a claim's dials one batch workflow instead of a workflow each (decision 0033). */
const DIAL_BATCHES = 'campaign-dial-batches';
/**
 * The patch that carries a pause or cancel accepted while a run hands over (its last claim made, its handlers
 * finishing) to the next: before it the next run started running whatever the last move was.
 */
const CARRY_MOVES = 'campaign-carry-moves-over-continue-as-new';
/** Least time between two sweeps of stale dials. */
const SWEEP_MS = 30_000;

/** What one run of a campaign holds: its read state, its pace window and its serial writes. */
interface Campaign {
  id: string;
  input: CampaignInput;
  state: ReturnType<typeof initialState>;
  progress: () => CampaignProgress;
  /** Handlers and the loop write the read state one at a time, in the order they came. */
  serially: (fn: () => Promise<unknown>) => Promise<unknown>;
  /** Dial starts of the last minute (the calls-per-minute pace). */
  recentStarts: number[];
  /** Decided once per run: a run whose history began without batches keeps a workflow per dial. */
  dialBatches: boolean;
  claims: number;
  lastSweep: number;
}

const initialState = (input: CampaignInput) => ({
  status: (input.paused ? 'paused' : 'running') as CampaignProgress['status'],
  maxConcurrent: input.maxConcurrent,
  callsPerMinute: input.callsPerMinute,
  inFlight: 0,
  remaining: 0,
  started: 0,
  sleepingUntil: null as number | null,
  cancelReason: null as string | null,
  wake: false,
});

type Snapshot = Awaited<ReturnType<typeof local.campaignSnapshot>>;

/**
 * A campaign (decisions 0017 and 0033), `campaign/<cmp id>`. It holds no list: each
 * turn it reads the in-flight count and due recipients from the database
 * (activities), claims up to the free concurrency and pace, and starts one
 * child `dial-batch/<campaign>/<token>` per claim, whose activity runs the
 * claim's dials (refused if it exists; abandoned on close, so dials survive
 * continueAsNew and finish on their own, each writing its recipient's state,
 * which frees its slot). Histories from before batches started one child
 * `dial/<campaign>/<contact>/<attempt>` per dial.
 * Retries and calling windows are next_attempt_at times in the database;
 * with nothing due and nothing in flight it sleeps until the earliest one.
 * Spend: claims stop once the spend reaches the cap; calls in flight then
 * still finish (under a cap, claims keep at most as many calls in flight as
 * the headroom pays for, so the cap is passed by one call at most).
 * A dial stuck in flight whose workflow is gone (terminated, timed out) is
 * reconciled by a sweep, so its slot comes back and the campaign finishes.
 * When it ends (completed, or cancelled and its calls in flight done), it
 * closes the campaign: undialled recipients of a cancelled campaign become
 * `cancelled`, and the campaign.finished event is emitted, once.
 */
export async function outboundCampaign(input: CampaignInput): Promise<CampaignProgress> {
  const c = startCampaign(input);
  const { id, state } = c;
  for (;;) {
    if (state.status === 'cancelled') break;
    if (state.status === 'paused') {
      state.sleepingUntil = null;
      await condition(() => state.status !== 'paused');
      continue;
    }
    const snapshot = await local.campaignSnapshot(id, STALE_MS);
    state.inFlight = snapshot.inFlight;
    state.remaining = snapshot.remaining;
    if (await sweepWhenStale(c, snapshot)) continue;
    if (snapshot.inFlight === 0 && (snapshot.remaining === 0 || snapshot.capReached)) {
      if (state.status === 'running') {
        state.status = 'completed';
        await c.serially(() => db.setCampaignStatus(id, 'completed', snapshot.capReached && snapshot.remaining > 0 ? 'the spend cap was reached' : null));
      }
      break;
    }

    const now = Date.now();
    c.recentStarts = c.recentStarts.filter((at) => at > now - 60_000);
    const free = Math.min(state.maxConcurrent - snapshot.inFlight, state.callsPerMinute - c.recentStarts.length, c.dialBatches ? DIAL_BATCH : PAGE);
    if (free > 0 && snapshot.due > 0 && !snapshot.capReached) {
      const token = `${workflowInfo().runId}/${c.claims++}`;
      const claimed = await local.claimCampaignRecipients(id, token, free);
      if (state.status !== 'running') {
        // Paused or cancelled while claiming: these were not dialled, give them back.
        await local.releaseCampaignClaims(id, token);
        continue;
      }
      await startDials(c, token, claimed);
      for (let i = 0; i < claimed.length; i++) c.recentStarts.push(Date.now());
      state.started += claimed.length;
      if (claimed.length > 0) {
        await handOverWhenDue(c);
        continue;
      }
    }
    await waitForWork(c, snapshot, now);
  }
  if (state.status === 'cancelled') await drainCancelled(c);
  await condition(allHandlersFinished);
  // Undialled recipients of a cancelled campaign become `cancelled`; campaign.finished is emitted once.
  await db.closeCampaign(id);
  return c.progress();
}

function startCampaign(input: CampaignInput): Campaign {
  const state = initialState(input);
  const progress = (): CampaignProgress => ({
    status: state.status,
    maxConcurrent: state.maxConcurrent,
    callsPerMinute: state.callsPerMinute,
    inFlight: state.inFlight,
    remaining: state.remaining,
    dialsStartedThisRun: state.started,
    sleepingUntil: state.sleepingUntil,
  });
  let writes: Promise<unknown> = Promise.resolve();
  const serially = (fn: () => Promise<unknown>) => (writes = writes.then(fn, fn));
  const c = { id: input.campaignId, input, state, progress, serially, recentStarts: [...input.recentStarts], dialBatches: false, claims: 0, lastSweep: 0 };
  registerMoves(c);
  c.dialBatches = patched(DIAL_BATCHES);
  return c;
}

/** The operator's moves: the progress query, pause, resume, cancel and a new pace. */
function registerMoves({ id, state, progress, serially }: Campaign): void {
  const refuse = (message: string) => {
    throw ApplicationFailure.create({ type: CAMPAIGN_MOVE_REFUSED, message, nonRetryable: true });
  };
  const refuseWhenOver = () => {
    if (state.status === 'cancelled' || state.status === 'completed') refuse(`The campaign has finished (${state.status})`);
  };
  const who = (move: { by: CampaignMove['by'] }) => move.by.name ?? move.by.id ?? move.by.type;

  setHandler(progressQuery, progress);
  setHandler(
    pauseUpdate,
    async (move) => {
      state.status = 'paused';
      state.wake = true;
      await serially(() => db.setCampaignStatus(id, 'paused', move.reason ?? null));
      return progress();
    },
    {
      validator: (_move: CampaignMove) => {
        refuseWhenOver();
        if (state.status === 'paused') refuse('The campaign is paused already');
      },
    },
  );
  setHandler(
    resumeUpdate,
    async (move) => {
      state.status = 'running';
      state.wake = true;
      await serially(() => db.setCampaignStatus(id, 'running', move.reason ?? null));
      return progress();
    },
    {
      validator: (_move: CampaignMove) => {
        refuseWhenOver();
        if (state.status !== 'paused') refuse('The campaign is not paused');
      },
    },
  );
  setHandler(
    cancelUpdate,
    async (move) => {
      state.status = 'cancelled';
      state.cancelReason = `cancelled by ${who(move)}${move.reason ? `: ${move.reason}` : ''}`;
      state.wake = true;
      await serially(() => db.setCampaignStatus(id, 'cancelled', state.cancelReason));
      return progress();
    },
    { validator: (_move: CampaignMove) => refuseWhenOver() },
  );
  setHandler(
    setPaceUpdate,
    async (move) => {
      state.maxConcurrent = move.maxConcurrent ?? state.maxConcurrent;
      state.callsPerMinute = move.callsPerMinute ?? state.callsPerMinute;
      state.wake = true;
      await serially(() => db.setCampaignPace(id, state.maxConcurrent, state.callsPerMinute));
      return progress();
    },
    {
      validator: (move: PaceMove) => {
        refuseWhenOver();
        if (move.maxConcurrent === undefined && move.callsPerMinute === undefined) refuse('Send max_concurrent_calls or calls_per_minute');
        const bad = (v: number | undefined, max: number) => v !== undefined && (!Number.isInteger(v) || v < 1 || v > max);
        if (bad(move.maxConcurrent, PACE_LIMITS.maxConcurrent)) refuse(`max_concurrent_calls must be an integer from 1 to ${PACE_LIMITS.maxConcurrent}`);
        if (bad(move.callsPerMinute, PACE_LIMITS.callsPerMinute)) refuse(`calls_per_minute must be an integer from 1 to ${PACE_LIMITS.callsPerMinute}`);
      },
    },
  );
}

/** Reconciles dials stuck in flight whose workflow is gone (at most every SWEEP_MS, only when some look stale). */
async function sweepWhenStale(c: Campaign, snapshot: { stale: number }): Promise<boolean> {
  if (snapshot.stale === 0 || Date.now() - c.lastSweep < SWEEP_MS) return false;
  c.lastSweep = Date.now();
  return (await db.sweepCampaignDials(c.id, STALE_MS)) > 0;
}

/** Starts a claim's dials: one batch workflow (decision 0033), or before batches a workflow per dial. */
async function startDials(c: Campaign, token: string, claimed: { contactId: string; recipientId: string; attempt: number }[]): Promise<void> {
  const { id, state } = c;
  if (claimed.length > 0 && c.dialBatches) {
    // One workflow for the claim's dials (decision 0033): its activity runs them side by side; SIP trunk dials
    // become campaignDial workflows of their own there.
    try {
      const child = await startChild(campaignDialBatch, {
        workflowId: workflowIds.dialBatch(id, token),
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
        parentClosePolicy: ParentClosePolicy.ABANDON,
        args: [{ campaignId: id, token }],
      });
      void child.result().then(
        () => (state.wake = true),
        () => (state.wake = true),
      );
    } catch (error) {
      if ((error as Error).name !== 'WorkflowExecutionAlreadyStartedError') throw error;
    }
  } else {
    // Histories from before batches: all of a claim's dials are started at once (one workflow task issues every
    // start command), not one round trip each.
    await Promise.all(
      claimed.map(async (d) => {
        try {
          const child = await startChild(campaignDial, {
            workflowId: workflowIds.dial(id, d.contactId, d.attempt),
            workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
            parentClosePolicy: ParentClosePolicy.ABANDON,
            args: [{ campaignId: id, recipientId: d.recipientId, attempt: d.attempt }],
          });
          void child.result().then(
            () => (state.wake = true),
            () => (state.wake = true),
          );
        } catch (error) {
          // The dial exists already: it runs (or ran) and writes its own result.
          if ((error as Error).name !== 'WorkflowExecutionAlreadyStartedError') throw error;
        }
      }),
    );
  }
}

/** Continues as new once this run has started its share of dials (or the history grew long), carrying the moves. */
async function handOverWhenDue(c: Campaign): Promise<void> {
  const { id, input, state } = c;
  if (state.started >= input.dialsPerRun || workflowInfo().continueAsNewSuggested) {
    await condition(allHandlersFinished);
    // A move accepted since the claim (the handlers above) holds: a cancelled campaign ends in this run (the
    // loop stops, its calls in flight finish), a paused one continues paused.
    const carryMoves = patched(CARRY_MOVES);
    // Read anew: the handlers may have moved it since the check after the claim (TypeScript narrowed it there).
    const status = state.status as CampaignProgress['status'];
    if (!carryMoves || status !== 'cancelled') {
      await continueAsNew<typeof outboundCampaign>({
        campaignId: id,
        maxConcurrent: state.maxConcurrent,
        callsPerMinute: state.callsPerMinute,
        paused: carryMoves && status === 'paused',
        recentStarts: c.recentStarts,
        dialsPerRun: input.dialsPerRun,
      });
    }
  }
}

/** Waits for a dial to finish, a message, the pace to free up, or the next retry or window. */
async function waitForWork({ state, recentStarts }: Campaign, snapshot: Snapshot, now: number): Promise<void> {
  let waitMs = POLL_MS;
  if (snapshot.inFlight === 0 && snapshot.due === 0 && snapshot.nextDueAt !== null) waitMs = Math.max(snapshot.nextDueAt - now, 100);
  else if (recentStarts.length >= state.callsPerMinute) waitMs = Math.max(recentStarts[0] + 60_000 - now, 100);
  state.sleepingUntil = waitMs > POLL_MS ? now + waitMs : null;
  state.wake = false;
  await condition(() => state.wake, waitMs);
  state.sleepingUntil = null;
}

/** No new dials; the calls in flight at the cancel finish (or are swept), then the campaign is closed with final counts. */
async function drainCancelled(c: Campaign): Promise<void> {
  const { id, state } = c;
  for (;;) {
    const snapshot = await local.campaignSnapshot(id, STALE_MS);
    state.inFlight = snapshot.inFlight;
    state.remaining = snapshot.remaining;
    if (snapshot.inFlight === 0) break;
    if (await sweepWhenStale(c, snapshot)) continue;
    state.wake = false;
    await condition(() => state.wake, POLL_MS);
  }
}
