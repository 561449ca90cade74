import { beforeAll, afterAll, expect } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { startTestServer, type TestServer } from '../support/server.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import type { FakeCarrierStream } from '../support/fake-carrier-stream.js';
import { campaignApi, importedNumber, nyNumbers, publishedAgent, type CampaignBody } from '../campaigns/support.js';
import { channel } from '../media/call/support.js';
import { callAgent, type CallHarness } from '../media/call/support.js';
import { concat, speak } from '../media/speech/audio.js';
import { startMediaRuntime, type MediaRuntime } from '../../src/roles/media-process.js';
import type { CallReport } from '../../src/media/call/live-call.js';
import { loadConfig } from '../../src/config.js';
import { LocalFolderStore } from '../../src/modules/calls/recording-store.js';
import { sql } from '../../src/db/orm.js';

/**
 * What the carrier stream tests share: the app behind a real HTTP server
 * (PUBLIC_URL), a worker, a tenant, and the media runtime taking the
 * carriers' media streams on the API server's port, as `npm run dev` does;
 * agents, routed numbers, the far party's speech, and the sessions and
 * recordings calls leave.
 */
export interface StreamHarness {
  t: TestServer;
  a: TestTenant;
  media: MediaRuntime;
  recordings: LocalFolderStore;
  reports: CallReport[];
}

/**
 * The media runtime in this process, for the app behind `t`: carriers' streams on the API server's port (as
 * `npm run dev` takes them), its calls durable on the app's Temporal task queue, recordings in a folder of its own.
 */
export async function startInProcessMedia(t: TestServer, name: string, env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), `vp-${name}-`));
  const recordings = new LocalFolderStore(join(dir, 'rec'));
  const reports: CallReport[] = [];
  const rtpMin = 46000 + 2 * Math.floor(Math.random() * 2000);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL,
    PUBLIC_URL: t.baseUrl,
    SIP_HOST: '127.0.0.1',
    SIP_PORT: '0',
    RTP_PORT_MIN: String(rtpMin),
    RTP_PORT_MAX: String(rtpMin + 19),
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    TEMPORAL_ADDRESS: t.deps.config.temporal.address,
    TEMPORAL_TASK_QUEUE: t.deps.config.temporal.taskQueue,
    MEDIA_DRAIN_TIMEOUT_MS: '1000',
    ...env,
  });
  const media = await startMediaRuntime({
    config,
    orm: t.orm,
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    recordings,
    onCallFinished: (report) => reports.push(report),
    temporal: { client: t.deps.temporal!.client },
  });
  t.server.on('upgrade', (req, socket, head) => {
    if (!media.handleUpgrade(req, socket, head)) socket.destroy();
  });
  return {
    media,
    recordings,
    reports,
    async close() {
      await media.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function useStreamHarness(name: string, mediaEnv: Record<string, string> = {}): StreamHarness {
  const h = {} as StreamHarness;
  let worker: TestWorker | undefined;
  let media: Awaited<ReturnType<typeof startInProcessMedia>> | undefined;
  beforeAll(async () => {
    h.t = await startTestServer({ temporal: true, env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue(name), OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' } });
    worker = await startTestWorker(h.t);
    h.a = await createTenant(h.t, 'owner');
    media = await startInProcessMedia(h.t, name, mediaEnv);
    Object.assign(h, { media: media.media, recordings: media.recordings, reports: media.reports });
  }, 120_000);
  afterAll(async () => {
    await media?.close();
    await worker?.stop();
    await h.t?.close();
  });
  return h;
}

export const GREETING = 'Hello, this is Acme Dental. How can I help you?';
export const PHRASE = 'I would like to book an appointment';
export const REPLY = 'We have Tuesday at ten in the morning.';
export const LONG_GREETING =
  'Hello, this is Acme Dental. We are open from nine in the morning to five in the afternoon, Monday to Friday. ' +
  'Our office is on Main Street, next to the bank. How can I help you today?';

/** A published agent whose test gives the recognizer the caller's phrase. */
export const deskAgent = (h: StreamHarness, firstMessage = GREETING, extra: Record<string, unknown> = {}) =>
  callAgent(
    { t: h.t, a: h.a } as unknown as CallHarness,
    {
      first_message: firstMessage,
      model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'book an appointment', say: REPLY }] },
      ...extra,
    },
    [PHRASE],
  );

/** A number of the carrier account (`owned`), imported through `connectionId`, routed to `agentId` (or to nothing). */
export async function carrierNumber(h: StreamHarness, owned: Map<string, string>, connectionId: string, agentId: string | null): Promise<string> {
  const number = await importedNumber(h.t, h.a, owned, connectionId);
  if (agentId) {
    const destination = await h.t.request.post('/v1/destination/create').set(h.a.headers).send({ kind: 'phone_number', address: number });
    expect(destination.status).toBe(201);
    const assigned = await h.t.request
      .post('/v1/agent/destination/assign')
      .set(h.a.headers)
      .send({ agent_id: agentId, destination_id: destination.body.destination.destination_id });
    expect(assigned.status).toBe(200);
  }
  return number;
}

let callerSeq = 0;
/** A new caller's number. */
export const caller = () => `+1212555${String(7000 + (callerSeq++ % 1000)).padStart(4, '0')}`;

/** The far party's phrase followed by a second of quiet (its turn ends on silence). */
export const phraseAudio = async (phrase = PHRASE) => concat([await speak(phrase), new Int16Array(8000)]);

export interface RecordedSession {
  session_id: string;
  status: string;
  end_reason: string;
  direction: string;
  legs: { transcript: { items: { speaker: string; text: string; kind?: string }[] } }[];
}

/** The newest session of a number (or the session `id`), once recorded. */
export async function recordedSession(h: StreamHarness, filter: { phone?: string; id?: string }): Promise<RecordedSession> {
  const row = await eventually(
    async () =>
      (
        await sql<{ id: string; status: string }>(
          h.t.orm.em.fork(),
          `select id, status from call_session where organization_id = ? and ${filter.id ? 'id = ?' : 'phone_number = ?'} order by started_at desc limit 1`,
          [h.a.organizationId, filter.id ?? filter.phone],
        )
      )[0],
    (r) => r !== undefined && r.status !== 'in_progress',
    30_000,
    200,
  );
  const res = await h.t.request.get(`/v1/call_session/retrieve/${row.id}`).set(h.a.headers);
  expect(res.status).toBe(200);
  return res.body.session as RecordedSession;
}

/** The first leg's transcript as [speaker, text] pairs. */
export const said = (session: RecordedSession) => session.legs[0].transcript.items.map((i) => [i.speaker, i.text]);

/** The stream's far party: waits for `marks` echoed marks (sentences the agent finished playing). */
export const heardSentences = (stream: FakeCarrierStream, marks: number) =>
  eventually(
    async () => stream.marksEchoed.length,
    (n) => n >= marks,
    20_000,
    50,
  );

/** The session's stereo recording (caller left, agent right). */
export async function recordingOf(h: StreamHarness, sessionId: string): Promise<Buffer> {
  const [row] = await sql<{ storage_key: string }>(h.t.orm.em.fork(), 'select storage_key from recording where session_id = ?', [sessionId]);
  const file = await h.recordings.open(row.storage_key);
  const chunks: Buffer[] = [];
  for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether the audio holds speech (a sample louder than line noise). */
export const loud = (pcm: Int16Array) => pcm.some((s) => Math.abs(s) > 1000);

export interface StreamedCampaignOptions {
  /** The caller-id number, of the carrier's account. */
  callerNumber: string;
  /** Where the callees' numbers start (nyNumbers). */
  firstNumber: number;
  /** The outcome each callee's script ends in, as the campaign records it (a conversation: `completed`). */
  expected: (phone: string) => string | null;
  /** The placement requests the carrier received for these numbers. */
  dialled: (numbers: string[]) => unknown[];
  /** The signed status callbacks or events the carrier posted to these carrier log rows, with the platform's answers. */
  posted: (logIds: Set<string>) => { status: number }[];
}

/**
 * A campaign of 50 recipients through a carrier whose answered calls converse over their media streams: every
 * recipient's outcome is the one its script ends in, each number was dialled once, every callback was taken, and
 * each answered call is a recorded conversation (the agent spoke, both sides are in the recording). Returns the
 * carrier log rows of the callees.
 */
export async function checkStreamedCampaign(h: StreamHarness, o: StreamedCampaignOptions) {
  const agent = await publishedAgent(h.t, h.a);
  const api = campaignApi(h.t, h.a);
  const numbers = nyNumbers(50, o.firstNumber);
  const res = await api.launch({
    agent_id: agent.agent_id,
    caller_numbers: [o.callerNumber],
    numbers,
    max_concurrent_calls: 10,
    calls_per_minute: 600,
    retry: { max_attempts: 1 },
  });
  expect(res.status).toBe(202);
  const campaign = res.body.campaign as CampaignBody;
  const done = await api.finished(campaign.campaign_id, 150_000);
  expect(done.status).toBe('completed');

  const recipients = await api.recipients(campaign.campaign_id);
  expect(recipients).toHaveLength(50);
  for (const r of recipients) expect([r.phone, r.last_outcome, r.attempts]).toEqual([r.phone, o.expected(r.phone), 1]);
  expect(new Set(recipients.map((r) => r.last_outcome))).toEqual(new Set(['busy', 'no_answer', 'voicemail', 'failed', 'completed']));

  const { rows, byNumber } = await api.carrierLog();
  for (const phone of numbers) expect([phone, byNumber.get(phone)?.length]).toEqual([phone, 1]);
  expect(o.dialled(numbers)).toHaveLength(50);
  const mine = rows.filter((r) => numbers.includes(r.to_number));
  const posted = o.posted(new Set(mine.map((r) => r.id)));
  expect(posted.length).toBeGreaterThanOrEqual(100);
  expect(posted.filter((c) => c.status !== 204)).toEqual([]);
  const answered = await sql<{ session_id: string; status: string; end_reason: string }>(
    h.t.orm.em.fork(),
    `select o.session_id, s.status, s.end_reason from outbound_call o join call_session s on s.id = o.session_id
      where o.campaign_id = ? and o.status = 'completed'`,
    [campaign.campaign_id],
  );
  expect(answered).toHaveLength(numbers.filter((n) => o.expected(n) === 'completed').length);
  for (const call of answered) {
    expect(call).toMatchObject({ status: 'ended', end_reason: 'customer_hangup' });
    expect(said(await recordedSession(h, { id: call.session_id }))[0][0]).toBe('agent');
    expect(loud(channel(await recordingOf(h, call.session_id), 1))).toBe(true);
  }
  return { rows: mine, expected: o.expected };
}
