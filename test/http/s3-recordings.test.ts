import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { insertSessions, sessionInput } from '../support/sessions.js';
import { S3_ACCESS_KEY_ID, S3_REGION, S3_SECRET_ACCESS_KEY, startS3Server, type S3Server } from '../support/s3-server.js';
import { synthesizeWav } from '../../src/modules/calls/wav.js';
import { S3Store } from '../../src/modules/calls/s3-recording-store.js';

// The app configured with RECORDING_STORE=s3 (through loadConfig and recordingStoreFrom, as `serve` builds it)
// against a real S3-compatible server: a recording stored there plays through its signed link.
const BUCKET = 'vp-app-recordings';
let server: S3Server;
let t: TestApp;
let a: TestTenant;

const s3Env = (overrides: Record<string, string> = {}) => ({
  RECORDING_STORE: 's3',
  S3_ENDPOINT: server.endpoint,
  S3_REGION,
  S3_BUCKET: BUCKET,
  S3_PREFIX: 'env-test',
  S3_ACCESS_KEY_ID,
  S3_SECRET_ACCESS_KEY,
  ...overrides,
});

beforeAll(async () => {
  server = await startS3Server();
  await server.createBucket(BUCKET);
  t = await createTestApp({ env: s3Env() });
  a = await createTenant(t);
}, 30_000);
afterAll(async () => {
  if (t.deps.recordings instanceof S3Store) t.deps.recordings.close();
  await t?.close();
  await server?.stop();
});

async function sessionWithRecording(key: string, audio: Buffer): Promise<string> {
  const [sessionId] = await insertSessions(t.orm.em.fork(), [sessionInput(a, { recording: { storageKey: key, durationSeconds: 2, sizeBytes: audio.length } })]);
  return sessionId;
}

async function download(app: TestApp, link: string) {
  const url = new URL(link);
  return app.request
    .get(url.pathname + url.search)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

async function linkFor(sessionId: string): Promise<string> {
  const res = await t.request.get(`/v1/call_session/${sessionId}/recording_url/retrieve`).set(a.headers);
  expect(res.status).toBe(200);
  return res.body.recording.url as string;
}

describe('recordings in S3', () => {
  it('are written to the bucket under the prefix and play through the signed link, byte for byte', async () => {
    expect(t.deps.recordings).toBeInstanceOf(S3Store);
    const audio = synthesizeWav({ seconds: 2, tones: [440, 660] });
    const key = `${a.organizationId}/call-one.wav`;
    await t.deps.recordings.put(key, audio);
    // On the server's disk, under the prefix; nothing in the local folder.
    expect(readFileSync(join(server.root, BUCKET, 'env-test', a.organizationId, 'call-one.wav')).equals(audio)).toBe(true);
    expect(readdirSync(t.recordingsDir)).toEqual([]);

    const res = await download(t, await linkFor(await sessionWithRecording(key, audio)));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['content-length']).toBe(String(audio.length));
    expect((res.body as Buffer).equals(audio)).toBe(true);
  });

  it('answers 404 when the object is gone from the bucket', async () => {
    const audio = synthesizeWav({ seconds: 1, tones: [330] });
    const key = `${a.organizationId}/call-gone.wav`;
    await t.deps.recordings.put(key, audio);
    const link = await linkFor(await sessionWithRecording(key, audio));
    const file = join(server.root, BUCKET, 'env-test', a.organizationId, 'call-gone.wav');
    rmSync(file);
    expect(existsSync(file)).toBe(false);
    const res = await t.request.get(new URL(link).pathname + new URL(link).search);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('The audio of this recording is no longer stored');
  });

  it('answers 500, not 404, when the store refuses the app (wrong secret)', async () => {
    const audio = synthesizeWav({ seconds: 1, tones: [550] });
    const key = `${a.organizationId}/call-kept.wav`;
    await t.deps.recordings.put(key, audio);
    const link = await linkFor(await sessionWithRecording(key, audio));
    const misconfigured = await createTestApp({ env: s3Env({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }) });
    try {
      const res = await misconfigured.request.get(new URL(link).pathname + new URL(link).search);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toMatch(/not-the-secret|SignatureDoesNotMatch/);
      // The same link plays from the correctly configured app: the object is there.
      expect((await download(t, link)).status).toBe(200);
    } finally {
      if (misconfigured.deps.recordings instanceof S3Store) misconfigured.deps.recordings.close();
      await misconfigured.close();
    }
  });
});
