import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startTestServer, type TestServer } from '../support/server.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, scriptFor, type FakeTwilio } from '../support/fake-twilio.js';
import { campaignApi, carrierConnection, importedNumber, nyNumbers, publishedAgent, type CampaignBody } from '../campaigns/support.js';
import { sql } from '../../src/db/orm.js';
import { twilioOutcome } from '../../src/modules/telephony/carriers/twilio/twilio-status.js';
import { startInProcessMedia } from './stream-harness.js';

/**
 * A campaign through Twilio whose worker process is SIGKILLed while dials
 * wait on their status callbacks (issue 15): the dials in flight are run
 * again by a new worker process, which finds each call in the carrier log
 * (no second dial) and reads the outcome the callbacks recorded meanwhile on
 * the API process. The answered calls talk with the agent over their streams
 * (the media runtime in this process) and are recorded, the worker's death
 * notwithstanding.
 */
let t: TestServer;
let twilio: FakeTwilio;
let a: TestTenant;
let queue: string;
let media: Awaited<ReturnType<typeof startInProcessMedia>> | undefined;
const children: ChildWorker[] = [];

beforeAll(async () => {
  twilio = await startFakeTwilio();
  twilio.stepDelayMs = 400; // each call rings for a while: dials are in flight when the worker dies
  queue = uniqueTaskQueue('carrier-crash');
  t = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(t);
  // The media runtime takes the answered calls' streams, so they converse while the worker dies and comes back.
  media = await startInProcessMedia(t, 'carrier-crash');
}, 120_000);
afterAll(async () => {
  for (const child of children) await child.kill('SIGKILL');
  await media?.close();
  await twilio?.close();
  await t?.close();
});

describe('a worker process killed during a campaign through Twilio', () => {
  it('dials nobody twice and settles each recipient from its status callbacks', async () => {
    const caller = await importedNumber(t, a, twilio.owned, await carrierConnection(t, a, 'twilio', twilio.baseUrl));
    const agent = await publishedAgent(t, a);

    // The worker process gets the API's PUBLIC_URL: the callback address it names must reach the API.
    const env = { PUBLIC_URL: t.baseUrl, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' };
    children.push(await startChildWorker(queue, env));
    const api = campaignApi(t, a);
    const numbers = nyNumbers(60, 5000);
    const res = await api.launch({
      agent_id: agent.agent_id,
      caller_numbers: [caller],
      numbers,
      max_concurrent_calls: 10,
      calls_per_minute: 600,
      retry: { max_attempts: 1 },
    });
    expect(res.status).toBe(202);
    const campaign = res.body.campaign as CampaignBody;

    const placedTo = () => twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json') && numbers.includes(r.body.To));
    await eventually(
      async () => placedTo().length,
      (n) => n >= 15,
      60_000,
      50,
    );
    await children[0].kill('SIGKILL');
    const atKill = placedTo().length;
    children.push(await startChildWorker(queue, env));

    const done = await api.finished(campaign.campaign_id, 150_000);
    expect(done.status).toBe('completed');
    expect(atKill).toBeLessThan(60);
    // Twilio was asked to call each number at most once, across both worker processes. A dial killed between its
    // reservation and Twilio's answer is left in doubt and not dialled again (place-call.ts): it ends failed, saying so.
    const dialled = placedTo().map((r) => r.body.To as string);
    expect(new Set(dialled).size).toBe(dialled.length);
    const { byNumber } = await api.carrierLog();
    for (const phone of numbers) expect([phone, byNumber.get(phone)?.length]).toEqual([phone, 1]);
    const doubtful = new Set(
      (
        await sql<{ to_number: string }>(t.orm.em.fork(), "select to_number from outbound_call where campaign_id = ? and error like '%outcome is unknown%'", [
          campaign.campaign_id,
        ])
      ).map((r) => r.to_number),
    );
    expect(doubtful.size).toBeLessThanOrEqual(10);
    expect(dialled.length).toBeGreaterThanOrEqual(60 - doubtful.size);
    const recipients = await api.recipients(campaign.campaign_id);
    expect(recipients).toHaveLength(60);
    for (const r of recipients) {
      const [last] = scriptFor(r.phone).slice(-1);
      const outcome = twilioOutcome(last.CallStatus, last.AnsweredBy);
      // A person who answered talked with the agent over the call's stream: a completed call.
      const expected = doubtful.has(r.phone) ? 'failed' : outcome === 'answered' ? 'completed' : outcome;
      expect([r.phone, r.last_outcome, r.attempts]).toEqual([r.phone, expected, 1]);
    }
  }, 240_000);
});
