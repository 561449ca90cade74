import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { uniqueTaskQueue } from '../support/worker.js';
import { startChildWorker, type ChildWorker } from '../support/child-worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { b64, speechWav } from './support.js';

/**
 * A clone survives its worker: the worker runs in a child process, is killed
 * with SIGKILL while the clone trains, and a new worker process finishes it
 * (the provider's job and the durable timers live outside the worker).
 */
let t: TestApp;
let a: TestTenant;
let queue: string;
const children: ChildWorker[] = [];
const WORKER_ENV = { VOICE_CLONE_TRAINING_MS: '6000' };

beforeAll(async () => {
  queue = uniqueTaskQueue('voice-restart');
  t = await createTestApp({ temporal: true, env: { TEMPORAL_TASK_QUEUE: queue } });
  a = await createTenant(t);
}, 60_000);
afterAll(async () => {
  for (const child of children) await child.kill('SIGKILL');
  await t?.close();
});

describe('a voice clone when its worker is killed', () => {
  it('finishes on the next worker, with its progress kept', async () => {
    children.push(await startChildWorker(queue, WORKER_ENV));
    const res = await t.request
      .post('/v1/voice/clone')
      .set(a.headers)
      .send({ name: 'Survivor', samples: [{ audio_base64: b64(speechWav(12)) }] });
    expect(res.status).toBe(202);
    const id = res.body.voice_clone.voice_clone_id as string;
    const retrieve = async () =>
      (await t.request.get(`/v1/voice/clone/${id}`).set(a.headers)).body.voice_clone as { status: string; progress: number; voice_id: string | null };

    const training = await eventually(retrieve, (c) => c.status === 'training' && c.progress > 30, 60_000, 100);
    await children[0].kill('SIGKILL');
    // Nobody works on it now: the row keeps what was done.
    const meanwhile = await retrieve();
    expect(meanwhile.status).toBe('training');
    expect(meanwhile.progress).toBeGreaterThanOrEqual(training.progress);

    children.push(await startChildWorker(queue, WORKER_ENV));
    const done = await eventually(retrieve, (c) => c.status === 'ready' || c.status === 'failed', 90_000, 200);
    expect(done).toMatchObject({ status: 'ready', progress: 100, voice_id: expect.stringMatching(/^sim-/) });
  }, 180_000);
});
