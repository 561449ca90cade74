import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { eventually } from '../support/releases.js';
import { sql } from '../../src/db/orm.js';
import { simulatedOutcome } from '../../src/modules/telephony/carriers/simulated-carrier.js';
import { campaignApi, campaignTenant, nyNumbers } from './support.js';

/**
 * The fault test (issue 5): a 2,000-contact campaign whose worker runs in a
 * child process that is killed with SIGKILL four times, at different phases
 * (first run of the workflow, around its first continueAsNew, while retries
 * interleave with first attempts, close to the spend cap), a new worker
 * process taking over each time. The spend cap is reached during the run and
 * cuts the list; no_answer, busy and voicemail are retried (budget 2).
 * Afterwards:
 * - the carrier log holds no idempotency key twice, and exactly one entry
 *   per attempt a recipient shows (nobody dialled twice for one attempt);
 * - every recipient is accounted for: it has the attempts the carrier's rules
 *   and the budget imply (the simulated outcome is a pure function of the
 *   number: answered/failed once, retryable twice), or it was cut off by the
 *   cap: still queued with fewer attempts, its earlier attempt (if any)
 *   retryable, and the undialled ones a tail of the list (first attempts go
 *   in list order, so the cap cut it at one place);
 * - the spend is the sum of the sessions' costs (each counted once), reached
 *   the cap and passed it by less than the dearest call;
 * - nothing was dialled after the campaign finished, and campaign.finished
 *   was recorded once.
 */
const CONTACTS = 2000;
/**
 * The cap is set to what the answered calls among the first CAP_AT recipients cost (plus half a call): it is
 * reached late in the list, so nearly every recipient is dialled (with its retries) before it cuts the rest.
 */
const CAP_AT = 1800;
let t: TestApp;
let queue: string;
const children: ChildWorker[] = [];

beforeAll(async () => {
  queue = uniqueTaskQueue('campaign-crash');
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue } });
}, 60_000);
afterAll(async () => {
  for (const child of children) await child.kill('SIGKILL');
  await t?.close();
});

const RETRYABLE = new Set(['no_answer', 'busy', 'voicemail']);
interface Progress {
  status: string;
  spent: number;
  dials: number;
  retried: number;
}

describe('worker processes killed during a 2,000-contact campaign with a spend cap and retries', () => {
  it('every recipient ends with the attempts the rules imply or is cut off by the cap; no attempt is dialled twice; the cap holds', async () => {
    const { tenant, agent, callers } = await campaignTenant(t);
    const api = campaignApi(t, tenant);
    const numbers = nyNumbers(CONTACTS, 2000);
    children.push(await startChildWorker(queue));

    // What one answered call of the default script costs: a campaign of one answered number.
    const probeNumber = nyNumbers(200, 8000).find((n) => simulatedOutcome(n) === 'answered')!;
    const probe = (await api.launch({ agent_id: agent.agent_id, caller_numbers: callers, numbers: [probeNumber] })).body.campaign.campaign_id as string;
    const perCall = (await api.finished(probe, 60_000)).spent_micros;
    expect(perCall).toBeGreaterThan(0);
    const probeDials = 1;

    const answeredBeforeCap = numbers.slice(0, CAP_AT).filter((n) => simulatedOutcome(n) === 'answered').length;
    const cap = answeredBeforeCap * perCall + Math.floor(perCall / 2);
    const launched = await api.launch({
      agent_id: agent.agent_id,
      caller_numbers: callers,
      numbers,
      max_concurrent_calls: 30,
      calls_per_minute: 600,
      retry: { max_attempts: 2, delay_seconds: 1 },
      spend_cap_micros: cap,
    });
    expect(launched.status).toBe(202);
    const id = launched.body.campaign.campaign_id as string;

    const diagnose = async (error: Error) => {
      const handle = t.deps.temporal!.client.workflow.getHandle(`campaign/${id}`);
      const described = await handle.describe().then(
        (d) => ({
          status: d.status.name,
          runId: d.runId,
          history: d.historyLength,
          pending: d.raw.pendingActivities?.map((a) => [a.activityType?.name, a.attempt, a.lastFailure?.message]),
        }),
        (e: Error) => e.message,
      );
      const states = await sql(
        t.orm.em.fork(),
        'select state, count(*)::int as n, min(updated_at) as oldest from campaign_recipient where campaign_id = ? group by state',
        [id],
      );
      const last = children[children.length - 1];
      return new Error(
        `${error.message.slice(0, 300)}\nworkflow: ${JSON.stringify(described)}\nrecipients: ${JSON.stringify(states)}` +
          `\nworker exit: ${last.process.exitCode} ${last.process.signalCode}\nstderr: ${last.output().slice(-3000)}`,
      );
    };

    // Kill the worker at four different phases, each while dials are in flight, and start a new one.
    // (Read straight from the tables: the REST view also queries the workflow, which would load the worker under test.)
    const read = async (): Promise<Progress> => {
      const [row] = await sql<Progress>(
        t.orm.em.fork(),
        `
        select c.status, c.spent_micros::float8 as spent, coalesce(sum(r.attempts), 0)::int as dials,
               count(*) filter (where r.attempts = 2)::int as retried
          from campaign c join campaign_recipient r on r.campaign_id = c.id where c.id = ? group by c.id`,
        [id],
      );
      return row;
    };
    const phases: ((c: Progress) => boolean)[] = [
      (c) => c.dials >= 80, // the first run of the workflow
      (c) => c.dials >= 215, // just after its first continueAsNew (200 dials per run)
      (c) => c.spent >= cap * 0.75 && c.retried > 0, // retries interleaving with first attempts
      (c) => c.spent >= cap * 0.93 || c.status !== 'running', // close to the cap, calls in flight held to the headroom
    ];
    let killedMidRun = 0;
    for (const phase of phases) {
      // The next worker process is started (and polling) first, so the time to bundle the workflows does not stop the campaign.
      const next = await startChildWorker(queue);
      const at = await eventually(read, (c) => phase(c), 600_000, 100).catch(async (e: Error) => {
        throw await diagnose(e);
      });
      await children[children.length - 1].kill('SIGKILL');
      if (at.status === 'running') killedMidRun++;
      children.push(next);
    }
    expect(killedMidRun).toBeGreaterThanOrEqual(3);

    await eventually(read, (c) => c.status !== 'running', 600_000, 250).catch(async (e: Error) => {
      throw await diagnose(e);
    });
    const done = await api.retrieve(id);
    expect([done.status, done.reason]).toEqual(['completed', 'the spend cap was reached']);

    // The provider's log: one entry per attempt, no key twice, every key an attempt of this campaign.
    const { rows, byNumber } = await api.carrierLog();
    const campaignRows = rows.filter((r) => r.idempotency_key.startsWith(`dial/${id}/`));
    expect(campaignRows).toHaveLength(rows.length - probeDials);
    expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);

    // Every recipient accounted for.
    const recipients = await api.recipients(id);
    expect(recipients).toHaveLength(CONTACTS);
    let cutOff = 0;
    let retried = 0;
    let firstUndialled = -1;
    recipients.forEach((r, seq) => {
      const outcome = simulatedOutcome(r.phone);
      const implied = RETRYABLE.has(outcome) ? 2 : 1;
      const placed = byNumber.get(r.phone)?.length ?? 0;
      if (r.state === 'queued') {
        // Cut off by the cap: fewer attempts than implied, and an earlier attempt was a retryable one.
        cutOff++;
        expect([r.phone, r.attempts < implied, r.attempts === 0 || r.last_outcome === outcome, placed]).toEqual([r.phone, true, true, r.attempts]);
        if (r.attempts === 0 && firstUndialled < 0) firstUndialled = seq;
      } else {
        expect([r.phone, r.state, r.attempts, r.last_outcome, placed]).toEqual([
          r.phone,
          outcome === 'failed' ? 'failed' : 'done',
          implied,
          outcome === 'answered' ? 'completed' : outcome,
          implied,
        ]);
        if (implied === 2) retried++;
      }
    });
    // The cap cut the list at one place (first attempts go in list order), after the recipients it pays for.
    expect(cutOff).toBeGreaterThan(0);
    expect(retried).toBeGreaterThan(0);
    expect(firstUndialled).toBeGreaterThanOrEqual(CAP_AT - 50);
    expect(recipients.slice(firstUndialled).every((r) => r.attempts === 0)).toBe(true);

    // Spend: every answered call counted once; the cap reached and passed by less than the dearest call.
    const em = t.orm.em.fork();
    const [sessions] = await sql<{ n: number; total: string | number; dearest: string | number }>(
      em,
      `select count(*)::int as n, coalesce(sum(s.total_cost_micros), 0) as total, coalesce(max(s.total_cost_micros), 0) as dearest
         from call_session s join outbound_call c on c.session_id = s.id where c.campaign_id = ?`,
      [id],
    );
    expect(sessions.n).toBe(campaignRows.length);
    expect(done.spent_micros).toBe(Number(sessions.total));
    expect(done.spent_micros).toBeGreaterThanOrEqual(cap);
    expect(done.spent_micros - cap).toBeLessThanOrEqual(Number(sessions.dearest));

    // Nothing dialled after the campaign finished (also not later).
    const [late] = await sql<{ n: number }>(
      em,
      'select count(*)::int as n from carrier_call_log l join campaign c on c.id = ? where l.idempotency_key like ? and l.created_at > c.finished_at',
      [id, `dial/${id}/%`],
    );
    expect(late.n).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await api.carrierLog()).rows).toHaveLength(rows.length);

    // campaign.finished recorded once, with the final counts.
    const events = await eventually(
      () =>
        sql<{ data: { status: string; counts: { dials: number; by_state: Record<string, number> } } }>(
          em.fork(),
          `select data from webhook_event where type = 'campaign.finished' and data->>'campaign_id' = ?`,
          [id],
        ),
      (e) => e.length > 0,
      30_000,
      200,
    );
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ status: 'completed', counts: { dials: campaignRows.length, by_state: { queued: cutOff } } });
  }, 1_500_000);
});
