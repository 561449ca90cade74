import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { Context } from '@temporalio/activity';
import type { WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Activities } from '../../activities/index.js';
import type { Actor } from '../../src/modules/agents/agents.entity.js';
import {
  CAMPAIGN_MOVE_REFUSED,
  cancelUpdate,
  pauseUpdate,
  progressQuery,
  resumeUpdate,
  setPaceUpdate,
  type CampaignInput,
  type CampaignMove,
  type CampaignProgress,
  type PaceMove,
} from '../../workflows/outbound-campaign/messages.js';
import type { outboundCampaign } from '../../workflows/outbound-campaign/outbound-campaign.workflow.js';
import { workflowIds } from '../../workflows/workflow-ids.js';
import { eventually, Gate, refusal, sleep, startStubWorker, uniqueName, type StubWorker } from './state-machine-support.js';

/**
 * The outbound campaign's state machine, fast (issue 13, decision 0046): the
 * real outboundCampaign workflow and its campaignDialBatch children on a
 * worker whose activities are the stubs below, over an in-memory list of
 * recipients (a claim takes queued ones, a batch's dial finishes them), on
 * the test run's Temporal dev server. Pause, resume, cancel and pace through
 * the workflow's updates, what their validators refuse, and the pace and
 * concurrency the claims keep; test/campaigns runs campaigns end to end.
 */

type Call = [string, ...unknown[]];
interface Recipient {
  recipientId: string;
  contactId: string;
  state: 'queued' | 'dialling' | 'done' | 'failed' | 'cancelled';
  attempt: number;
  token: string | null;
}
interface Fake {
  calls: Call[];
  recipients: Recipient[];
  /** Dial batches wait here (heartbeating) until it opens. */
  carrier: Gate;
  /** A dial batch's activity fails for good with this message. */
  batchFailure: string | null;
  /** The most recipients in flight at once, seen at each claim. */
  mostInFlight: number;
  /** setCampaignPace writes wait here until it opens (an update handler held mid-write). */
  paceWrites: Gate;
}

const fakes = new Map<string, Fake>();
const fakeOf = (campaignId: string) => {
  const f = fakes.get(campaignId);
  if (!f) throw new Error(`no fake for campaign ${campaignId}`);
  return f;
};
const record = (campaignId: string, name: string, ...args: unknown[]) => fakeOf(campaignId).calls.push([name, ...args]);
const inFlight = (f: Fake) => f.recipients.filter((r) => r.state === 'dialling');
const queued = (f: Fake) => f.recipients.filter((r) => r.state === 'queued');
const ofClaim = (f: Fake, token: string) => f.recipients.filter((r) => r.token === token);

const activities: Partial<Activities> = {
  campaignSnapshot: async (id) => {
    const f = fakeOf(id);
    return {
      status: 'running',
      inFlight: inFlight(f).length,
      due: queued(f).length,
      remaining: queued(f).length,
      nextDueAt: null,
      capReached: false,
      stale: 0,
    };
  },
  claimCampaignRecipients: async (id, token, limit) => {
    const f = fakeOf(id);
    record(id, 'claimCampaignRecipients', limit);
    // A retried claim returns what its token holds already.
    const held = ofClaim(f, token).filter((r) => r.state === 'dialling');
    const claimed = held.length > 0 ? held : queued(f).slice(0, limit);
    for (const r of claimed) Object.assign(r, { state: 'dialling', token, attempt: r.attempt + (held.length > 0 ? 0 : 1) });
    f.mostInFlight = Math.max(f.mostInFlight, inFlight(f).length);
    return claimed.map(({ recipientId, contactId, attempt }) => ({ recipientId, contactId, attempt }));
  },
  releaseCampaignClaims: async (id, token) => {
    record(id, 'releaseCampaignClaims', token);
    for (const r of ofClaim(fakeOf(id), token)) if (r.state === 'dialling') Object.assign(r, { state: 'queued', token: null });
  },
  dialCampaignBatch: async (id, token) => {
    const f = fakeOf(id);
    record(id, 'dialCampaignBatch', token, ofClaim(f, token).length);
    const context = Context.current();
    const beat = setInterval(() => context.heartbeat(), 100);
    try {
      await Promise.race([f.carrier.wait(), context.cancelled]);
    } finally {
      clearInterval(beat);
    }
    if (f.batchFailure) throw ApplicationFailure.create({ message: f.batchFailure, nonRetryable: true });
    for (const r of ofClaim(f, token)) if (r.state === 'dialling') r.state = 'done';
    return { sip: [] };
  },
  failCampaignBatch: async (id, token, reason) => {
    record(id, 'failCampaignBatch', reason);
    const open = ofClaim(fakeOf(id), token).filter((r) => r.state === 'dialling');
    for (const r of open) r.state = 'failed';
    return open.length;
  },
  setCampaignStatus: async (id, status, reason) => void record(id, 'setCampaignStatus', status, reason),
  setCampaignPace: async (id, maxConcurrent, callsPerMinute) => {
    record(id, 'setCampaignPace', maxConcurrent, callsPerMinute);
    await fakeOf(id).paceWrites.wait();
  },
  sweepCampaignDials: async (id) => {
    record(id, 'sweepCampaignDials');
    return 0;
  },
  closeCampaign: async (id) => {
    record(id, 'closeCampaign');
    const left = queued(fakeOf(id));
    for (const r of left) r.state = 'cancelled';
    return left.length;
  },
};

let w: StubWorker;
beforeAll(async () => {
  w = await startStubWorker('campaign-sm', activities);
}, 60_000);
afterAll(async () => {
  for (const f of fakes.values()) f.carrier.open();
  await w?.stop();
});

const ada: Actor = { type: 'user', id: 'usr_ada', name: 'Ada' };
const by = (reason?: string): CampaignMove => ({ by: ada, ...(reason ? { reason } : {}) });
const pace = (p: Omit<PaceMove, 'by'>): PaceMove => ({ by: ada, ...p });
const refused = (message: string) => ({ type: CAMPAIGN_MOVE_REFUSED, message });

interface Started {
  id: string;
  f: Fake;
  handle: WorkflowHandle<typeof outboundCampaign>;
  names(): string[];
  callsOf(name: string): unknown[][];
  /** The limit asked of each claim so far. */
  claims(): number[];
  progress(): Promise<CampaignProgress>;
}

/** Starts a campaign over `recipients` queued recipients on the stub worker; dials finish at once unless `held`. */
async function start(
  recipients: number,
  input: Partial<CampaignInput>,
  options: { held?: boolean; batchFailure?: string; paceWritesHeld?: boolean } = {},
): Promise<Started> {
  const id = uniqueName('cmp');
  const f: Fake = {
    calls: [],
    recipients: Array.from({ length: recipients }, (_, i) => ({ recipientId: `rcp_${i}`, contactId: `cnt_${i}`, state: 'queued', attempt: 0, token: null })),
    carrier: new Gate(),
    batchFailure: options.batchFailure ?? null,
    mostInFlight: 0,
    paceWrites: new Gate(),
  };
  if (!options.held) f.carrier.open();
  if (!options.paceWritesHeld) f.paceWrites.open();
  fakes.set(id, f);
  const handle = await w.start<typeof outboundCampaign>('outboundCampaign', {
    taskQueue: w.taskQueue,
    workflowId: workflowIds.campaign(id),
    args: [{ campaignId: id, maxConcurrent: 5, callsPerMinute: 60, paused: false, recentStarts: [], dialsPerRun: 1000, ...input }],
    workflowExecutionTimeout: '60 seconds',
  });
  const callsOf = (name: string) => f.calls.filter(([n]) => n === name).map(([, ...args]) => args);
  return {
    id,
    f,
    handle,
    callsOf,
    names: () => f.calls.map(([name]) => name),
    claims: () => callsOf('claimCampaignRecipients').map(([limit]) => limit as number),
    progress: () => handle.query(progressQuery),
  };
}
const states = (f: Fake) => f.recipients.map((r) => r.state);

describe('the outbound campaign state machine (stubbed activities)', () => {
  it('dials every recipient once within its concurrency, then completes and closes once', async () => {
    const c = await start(5, { maxConcurrent: 2 });
    const done = await c.handle.result();
    expect(done).toEqual({
      status: 'completed',
      maxConcurrent: 2,
      callsPerMinute: 60,
      inFlight: 0,
      remaining: 0,
      dialsStartedThisRun: 5,
      sleepingUntil: null,
    });
    expect(states(c.f)).toEqual(Array(5).fill('done'));
    expect(c.f.recipients.map((r) => r.attempt)).toEqual(Array(5).fill(1));
    expect(c.f.mostInFlight).toBeLessThanOrEqual(2);
    expect(c.claims().every((limit) => limit >= 1 && limit <= 2)).toBe(true);
    // One dial batch (a child workflow) per claim, each over the claim's recipients.
    const batches = c.callsOf('dialCampaignBatch');
    expect(batches.reduce((sum, [, count]) => sum + (count as number), 0)).toBe(5);
    const child = w.client.workflow.getHandle(workflowIds.dialBatch(c.id, batches[0][0] as string));
    expect((await child.describe()).status.name).toBe('COMPLETED');
    expect(c.callsOf('setCampaignStatus')).toEqual([['completed', null]]);
    expect(c.callsOf('closeCampaign')).toEqual([[]]);
    expect(c.names().at(-1)).toBe('closeCampaign');
  }, 30_000);

  it('pause stops the claims (the dial in flight finishes), resume goes on; each refused where it does not fit', async () => {
    const c = await start(4, { maxConcurrent: 1 }, { held: true });
    await eventually(c.names, (n) => n.includes('dialCampaignBatch'));
    expect(await refusal(c.handle.executeUpdate(resumeUpdate, { args: [by()] }))).toEqual(refused('The campaign is not paused'));

    expect(await c.handle.executeUpdate(pauseUpdate, { args: [by('lunch')] })).toMatchObject({ status: 'paused' });
    expect(c.callsOf('setCampaignStatus')).toEqual([['paused', 'lunch']]);
    expect(await refusal(c.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(refused('The campaign is paused already'));
    c.f.carrier.open();
    await eventually(
      () => states(c.f),
      (s) => s[0] === 'done',
    );
    await sleep(1500); // longer than the workflow's poll (1 s): a running campaign would have claimed again
    expect(c.claims()).toEqual([1]);
    expect(await c.progress()).toMatchObject({ status: 'paused', dialsStartedThisRun: 1, sleepingUntil: null });

    expect(await c.handle.executeUpdate(resumeUpdate, { args: [by()] })).toMatchObject({ status: 'running' });
    expect(c.callsOf('setCampaignStatus')).toEqual([
      ['paused', 'lunch'],
      ['running', null],
    ]);
    expect(await c.handle.result()).toMatchObject({ status: 'completed', remaining: 0, dialsStartedThisRun: 4 });
    expect(c.claims()).toEqual([1, 1, 1, 1]);
    expect(states(c.f)).toEqual(Array(4).fill('done'));
  }, 30_000);

  it('a campaign started paused claims nothing until resumed', async () => {
    const c = await start(2, { paused: true });
    expect(
      await eventually(
        () => c.progress(),
        () => true,
      ),
    ).toMatchObject({ status: 'paused' });
    await sleep(1200);
    expect(c.claims()).toEqual([]);
    await c.handle.executeUpdate(resumeUpdate, { args: [by()] });
    expect(await c.handle.result()).toMatchObject({ status: 'completed', dialsStartedThisRun: 2 });
  }, 30_000);

  it('cancel: no new claims, the calls in flight finish, then it closes; every later move is refused', async () => {
    const c = await start(6, { maxConcurrent: 2 }, { held: true });
    await eventually(c.names, (n) => n.includes('dialCampaignBatch'));
    expect(c.claims()).toEqual([2]);

    expect(await c.handle.executeUpdate(cancelUpdate, { args: [by('wrong list')] })).toMatchObject({ status: 'cancelled' });
    expect(c.callsOf('setCampaignStatus')).toEqual([['cancelled', 'cancelled by Ada: wrong list']]);
    const over = refused('The campaign has finished (cancelled)');
    expect(await refusal(c.handle.executeUpdate(pauseUpdate, { args: [by()] }))).toEqual(over);
    expect(await refusal(c.handle.executeUpdate(resumeUpdate, { args: [by()] }))).toEqual(over);
    expect(await refusal(c.handle.executeUpdate(cancelUpdate, { args: [by()] }))).toEqual(over);
    expect(await refusal(c.handle.executeUpdate(setPaceUpdate, { args: [pace({ maxConcurrent: 3 })] }))).toEqual(over);

    // The two calls in flight hold the close back.
    await sleep(1500);
    expect(c.names()).not.toContain('closeCampaign');
    expect(await c.progress()).toMatchObject({ status: 'cancelled', inFlight: 2 });
    c.f.carrier.open();
    expect(await c.handle.result()).toMatchObject({ status: 'cancelled', inFlight: 0, remaining: 4, dialsStartedThisRun: 2 });
    expect(c.claims()).toEqual([2]);
    expect(c.callsOf('closeCampaign')).toEqual([[]]);
    expect(states(c.f)).toEqual(['done', 'done', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  }, 30_000);

  it('setPace refuses an impossible pace and a wider one takes effect at the next claim', async () => {
    const c = await start(6, { maxConcurrent: 1 }, { held: true });
    await eventually(c.names, (n) => n.includes('dialCampaignBatch'));
    const refusals = await Promise.all(
      [{}, { maxConcurrent: 0 }, { maxConcurrent: 101 }, { maxConcurrent: 2.5 }, { callsPerMinute: 0 }, { callsPerMinute: 601 }].map((p) =>
        refusal(c.handle.executeUpdate(setPaceUpdate, { args: [pace(p)] })),
      ),
    );
    expect(refusals).toEqual([
      refused('Send max_concurrent_calls or calls_per_minute'),
      refused('max_concurrent_calls must be an integer from 1 to 100'),
      refused('max_concurrent_calls must be an integer from 1 to 100'),
      refused('max_concurrent_calls must be an integer from 1 to 100'),
      refused('calls_per_minute must be an integer from 1 to 600'),
      refused('calls_per_minute must be an integer from 1 to 600'),
    ]);
    expect(c.names()).not.toContain('setCampaignPace');

    expect(await c.handle.executeUpdate(setPaceUpdate, { args: [pace({ maxConcurrent: 3 })] })).toMatchObject({
      status: 'running',
      maxConcurrent: 3,
      callsPerMinute: 60,
    });
    expect(c.callsOf('setCampaignPace')).toEqual([[3, 60]]);
    // One dial still in flight: the next claim asks for the two more slots the new limit allows.
    await eventually(c.claims, (claims) => claims.length >= 2);
    expect(c.claims()).toEqual([1, 2]);
    c.f.carrier.open();
    expect(await c.handle.result()).toMatchObject({ status: 'completed', maxConcurrent: 3, dialsStartedThisRun: 6 });
    expect(c.f.mostInFlight).toBe(3);
  }, 30_000);

  it('keeps calls per minute: sleeps until the oldest start is a minute old, and a faster pace wakes it', async () => {
    const c = await start(5, { maxConcurrent: 10, callsPerMinute: 2 });
    const asleep = await eventually(
      () => c.progress(),
      (p) => p.sleepingUntil !== null,
    );
    expect(asleep).toMatchObject({ status: 'running', dialsStartedThisRun: 2, remaining: 3 });
    expect(asleep.sleepingUntil! - Date.now()).toBeGreaterThan(50_000);
    expect(asleep.sleepingUntil! - Date.now()).toBeLessThanOrEqual(60_000);
    expect(c.claims()).toEqual([2]);

    await c.handle.executeUpdate(setPaceUpdate, { args: [pace({ callsPerMinute: 5 })] });
    expect(await c.handle.result()).toMatchObject({ status: 'completed', callsPerMinute: 5, dialsStartedThisRun: 5 });
    expect(c.claims()).toEqual([2, 3]);
  }, 30_000);

  it('a run carries the pace of the last minute over: recent starts it was given count against calls per minute', async () => {
    const now = Date.now();
    const c = await start(1, { callsPerMinute: 2, recentStarts: [now - 30_000, now - 20_000] });
    const asleep = await eventually(
      () => c.progress(),
      (p) => p.sleepingUntil !== null,
    );
    expect(asleep.sleepingUntil! - now).toBeGreaterThan(25_000);
    expect(asleep.sleepingUntil! - now).toBeLessThanOrEqual(31_000);
    expect(c.claims()).toEqual([]);
    await c.handle.executeUpdate(cancelUpdate, { args: [by()] });
    expect(await c.handle.result()).toMatchObject({ status: 'cancelled', dialsStartedThisRun: 0, remaining: 1 });
  }, 30_000);

  it('continues as new after dialsPerRun dials, and the next run finishes the list', async () => {
    const c = await start(3, { maxConcurrent: 1, dialsPerRun: 2 });
    expect(await c.handle.result()).toMatchObject({ status: 'completed', dialsStartedThisRun: 1, remaining: 0 });
    // A claim's token is `<run id>/<claim number>`: two claims in the first run, one in the next.
    const runs = c.callsOf('dialCampaignBatch').map(([token]) => (token as string).split('/')[0]);
    expect(runs).toHaveLength(3);
    expect(runs[0]).toBe(runs[1]);
    expect(runs[2]).not.toBe(runs[0]);
    expect(runs[2]).toBe((await c.handle.describe()).runId);
    expect(states(c.f)).toEqual(['done', 'done', 'done']);
  }, 30_000);

  /**
   * A move accepted after a run's last claim, while the run waits for its handlers before continuing as new: the
   * claim is made and the run is about to hand over. Here a pace write held mid-flight keeps the run at that point.
   */
  async function atHandOver() {
    const c = await start(3, { maxConcurrent: 1, dialsPerRun: 1, paused: true }, { held: true, paceWritesHeld: true });
    const paceSet = c.handle.executeUpdate(setPaceUpdate, { args: [pace({ callsPerMinute: 30 })] });
    await eventually(c.names, (n) => n.includes('setCampaignPace'));
    const resumed = c.handle.executeUpdate(resumeUpdate, { args: [by()] });
    // The resume wakes the loop: it claims one (the run's last dial) and waits for the held handlers.
    await eventually(c.names, (n) => n.includes('dialCampaignBatch'));
    const firstRun = (await c.handle.describe()).runId;
    return { c, firstRun, handlersDone: () => Promise.all([paceSet, resumed]) };
  }

  it('a pause accepted while a run hands over to the next is kept: the next run starts paused', async () => {
    const { c, firstRun, handlersDone } = await atHandOver();
    const paused = c.handle.executeUpdate(pauseUpdate, { args: [by('hold on')] });
    await eventually(c.progress, (p) => p.status === 'paused');
    c.f.paceWrites.open();
    await handlersDone();
    expect(await paused).toMatchObject({ status: 'paused' });
    await eventually(
      async () => (await c.handle.describe()).runId,
      (run) => run !== firstRun,
    );
    c.f.carrier.open();
    await eventually(
      () => states(c.f),
      (s) => s[0] === 'done',
    );
    await sleep(1500); // longer than the poll (1 s): a running campaign would have claimed again
    expect(c.claims()).toEqual([1]);
    expect(await c.progress()).toMatchObject({ status: 'paused', callsPerMinute: 30, dialsStartedThisRun: 0 });
    await c.handle.executeUpdate(resumeUpdate, { args: [by()] });
    expect(await c.handle.result()).toMatchObject({ status: 'completed', remaining: 0 });
    expect(states(c.f)).toEqual(['done', 'done', 'done']);
  }, 30_000);

  it('a cancel accepted while a run hands over is kept: no next run, the call in flight ends, the rest are cancelled', async () => {
    const { c, firstRun, handlersDone } = await atHandOver();
    const cancelled = c.handle.executeUpdate(cancelUpdate, { args: [by('wrong list')] });
    await eventually(c.progress, (p) => p.status === 'cancelled');
    c.f.paceWrites.open();
    await handlersDone();
    await cancelled;
    c.f.carrier.open();
    expect(await c.handle.result()).toMatchObject({ status: 'cancelled', inFlight: 0 });
    expect((await c.handle.describe()).runId).toBe(firstRun);
    expect(c.claims()).toEqual([1]);
    expect(states(c.f)).toEqual(['done', 'cancelled', 'cancelled']);
    expect(c.callsOf('closeCampaign')).toEqual([[]]);
  }, 30_000);

  it('a dial batch that fails for good settles its dials, and the campaign still completes', async () => {
    const c = await start(2, { maxConcurrent: 2 }, { batchFailure: 'carrier down' });
    expect(await c.handle.result()).toMatchObject({ status: 'completed', inFlight: 0, remaining: 0 });
    expect(c.callsOf('failCampaignBatch')).toEqual([["The dial's batch failed: carrier down"]]);
    expect(states(c.f)).toEqual(['failed', 'failed']);
  }, 30_000);
});
