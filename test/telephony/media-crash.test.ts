import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { startTestServer, type TestServer } from '../support/server.js';
import { proxyUpgrades } from '../support/upgrade-proxy.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { startChildMedia, type ChildMedia } from '../support/child-media.js';
import { freePort } from '../support/ports.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.js';
import { campaignApi, carrierConnection, importedNumber, nyNumbers, publishedAgent, type CampaignBody } from '../campaigns/support.js';
import { sql } from '../../src/db/orm.js';

/**
 * A campaign through Twilio whose media process is SIGKILLed while calls
 * talk over their streams (issue 15). The API process stands in for the load
 * balancer: it passes /carriers/twilio/stream/ upgrades to the media
 * process's MEDIA_STREAM_PORT. The calls the dead process held end (their
 * liveCall workflows finalize them), a new media process on the same port
 * takes the rest, nobody is dialled twice and every recipient is settled.
 */
let t: TestServer;
let twilio: FakeTwilio;
let a: TestTenant;
let queue: string;
let streamPort: number;
const encryptionKey = randomBytes(32).toString('base64');
const workers: ChildWorker[] = [];
const medias: ChildMedia[] = [];
let proxy: { close(): void } | undefined;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  twilio.stepDelayMs = 200;
  // Every callee answers, and listens to the agent for five seconds: calls are talking when the process dies.
  twilio.script = () => [
    { CallStatus: 'initiated' },
    { CallStatus: 'ringing' },
    { CallStatus: 'in-progress', AnsweredBy: 'human' },
    { CallStatus: 'completed', AnsweredBy: 'human' },
  ];
  twilio.onStream = async (stream) => {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    stream.stop();
  };
  queue = uniqueTaskQueue('media-crash');
  streamPort = await freePort();
  t = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY: encryptionKey } });
  // The balancer's one rule that matters here: media streams go to the media process.
  proxy = proxyUpgrades(t.server, { prefix: '/carriers/twilio/stream/', port: streamPort });
  a = await createTenant(t);
}, 120_000);
afterAll(async () => {
  for (const child of [...medias, ...workers]) await child.kill('SIGKILL');
  proxy?.close();
  await twilio?.close();
  await t?.close();
});

describe('a media process killed during a campaign through Twilio', () => {
  it('ends the calls it held, dials nobody twice, and the campaign completes on a new media process', async () => {
    const caller = await importedNumber(t, a, twilio.owned, await carrierConnection(t, a, 'twilio', twilio.baseUrl));
    const agent = await publishedAgent(t, a);
    const env = { PUBLIC_URL: t.baseUrl, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1', ENCRYPTION_KEY: encryptionKey };
    workers.push(await startChildWorker(queue, env));
    const mediaEnv = { ...env, TEMPORAL_TASK_QUEUE: queue, MEDIA_STREAM_PORT: String(streamPort), MEDIA_DRAIN_TIMEOUT_MS: '1000' };
    medias.push(await startChildMedia(mediaEnv));

    const api = campaignApi(t, a);
    const numbers = nyNumbers(16, 6000);
    const res = await api.launch({
      agent_id: agent.agent_id,
      caller_numbers: [caller],
      numbers,
      max_concurrent_calls: 4,
      calls_per_minute: 600,
      retry: { max_attempts: 1 },
    });
    expect(res.status).toBe(202);
    const campaign = res.body.campaign as CampaignBody;

    // Kill the media process while at least two calls talk over their streams.
    const talking = async () => {
      const live = await sql<{ n: number }>(
        t.orm.em.fork(),
        `select count(*)::int as n from call_session s join outbound_call o on o.session_id = s.id where o.campaign_id = ? and s.status = 'in_progress'`,
        [campaign.campaign_id],
      );
      return live[0].n;
    };
    await eventually(talking, (n) => n >= 2, 60_000, 100);
    await medias[0].kill('SIGKILL');
    medias.push(await startChildMedia(mediaEnv));

    const done = await api.finished(campaign.campaign_id, 180_000);
    expect(done.status).toBe('completed');
    const dialled = twilio.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/Calls.json') && numbers.includes(r.body.To)).map((r) => r.body.To);
    expect(dialled.sort()).toEqual([...numbers].sort());
    const { byNumber } = await api.carrierLog();
    for (const phone of numbers) expect([phone, byNumber.get(phone)?.length]).toEqual([phone, 1]);
    const recipients = await api.recipients(campaign.campaign_id);
    expect(recipients.map((r) => [r.phone, r.attempts])).toEqual(numbers.map((n) => [n, 1]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
    // Every call is a finished session: those the dead process held ended media_lost, the others as the callee hung up.
    const sessions = await sql<{ status: string; end_reason: string }>(
      t.orm.em.fork(),
      `select s.status, s.end_reason from outbound_call o join call_session s on s.id = o.session_id where o.campaign_id = ?`,
      [campaign.campaign_id],
    );
    expect(sessions).toHaveLength(16);
    const reasons = sessions.map((s) => s.end_reason);
    process.stderr.write(`[media crash] end reasons: ${JSON.stringify(reasons)}\n`);
    expect(sessions.filter((s) => s.status === 'in_progress')).toEqual([]);
    expect(reasons.filter((r) => r === 'media_lost').length).toBeGreaterThanOrEqual(2);
    expect(reasons.filter((r) => r === 'customer_hangup').length).toBeGreaterThanOrEqual(6);
    // A callee who answered while no media process ran: the stream found nobody, the call was hung up and failed, saying why.
    expect(reasons.every((r) => ['media_lost', 'customer_hangup', 'failed'].includes(r))).toBe(true);
    const failedErrors = await sql<{ error: string | null }>(
      t.orm.em.fork(),
      `select o.error from outbound_call o join call_session s on s.id = o.session_id where o.campaign_id = ? and s.end_reason = 'failed'`,
      [campaign.campaign_id],
    );
    for (const { error } of failedErrors) expect(error).toMatch(/did not reach a media process/);
  }, 300_000);
});
