import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createTestApp, type TestApp } from '../support/app.js';
import { startTestWorker, uniqueTaskQueue, type TestWorker } from '../support/worker.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { eventually } from '../support/releases.js';
import { connectMcp, mcpPrincipal, textOf, type McpSession } from '../support/mcp.js';
import { makeAgent } from '../support/engine.js';
import { progressQuery } from '../../workflows/voice-clone/messages.js';
import { analyseSamples, decodeMono, parseWav } from '../../src/modules/voices/wav-samples.js';
import { b64, floatWav, sampleServer, silentWav, speechWav, type SampleServer } from './support.js';

/**
 * Voice clones end to end: REST and MCP in front, the voiceClone workflow on
 * a real worker (own task queue), the simulated voice provider training for
 * VOICE_CLONE_TRAINING_MS, sample URLs served by a local server.
 */
let t: TestApp;
let worker: TestWorker;
let a: TestTenant;
let mcp: McpSession;
let files: SampleServer;

type Clone = {
  voice_clone_id: string;
  status: string;
  progress: number;
  voice_id: string | null;
  error: string | null;
  features: Record<string, number> | null;
  provider: string;
};

beforeAll(async () => {
  t = await createTestApp({
    temporal: true,
    env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('voices'), VOICE_CLONE_TRAINING_MS: '3000', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
  });
  worker = await startTestWorker(t);
  a = await createTenant(t);
  mcp = await connectMcp(t, mcpPrincipal(a, { projectId: a.projectId }));
  files = await sampleServer({
    '/ana.wav': speechWav(5, [210, 240]),
    '/big.wav': speechWav(340), // 5.2 MiB at 8 kHz 16-bit: over the 5 MiB per-sample cap
    '/text.wav': Buffer.from('this is not audio'),
  });
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await files?.close();
  await worker?.stop();
  await t?.close();
});

const retrieve = async (id: string, headers = a.headers): Promise<Clone> => {
  const res = await t.request.get(`/v1/voice/clone/${id}`).set(headers);
  expect(res.status).toBe(200);
  return res.body.voice_clone;
};

describe('the PCM analysis', () => {
  it('finds the pitch of a voiced tone and measures loudness', () => {
    const wav = speechWav(2, [200]);
    const info = parseWav(wav);
    expect(info).toMatchObject({ sampleRate: 8000, channels: 1, bitsPerSample: 16, durationMs: 2000 });
    const features = analyseSamples([{ pcm: decodeMono(wav, info), sampleRate: 8000 }]);
    expect(features.pitch_hz).toBeGreaterThan(190);
    expect(features.pitch_hz).toBeLessThan(210);
    expect(features.energy_dbfs).toBeLessThan(-10);
    expect(features.energy_dbfs).toBeGreaterThan(-14);
    expect(features.duration_ms).toBe(2000);
  });
});

describe('POST /v1/voice/clone', () => {
  it('clones from base64 and URL samples: progress goes queued → analysing/training → ready, and the voice is listed and usable', async () => {
    const cloneBody = {
      name: 'Ana (support)',
      language: 'es-ES',
      gender: 'female',
      description: 'Our support lead',
      samples: [
        { audio_base64: b64(speechWav(4, [200, 230])) },
        { audio_base64: `data:audio/wav;base64,${b64(speechWav(3))}` },
        { url: files.url('/ana.wav') },
      ],
    };
    const res = await t.request.post('/v1/voice/clone').set(a.headers).set('Idempotency-Key', 'clone-ana').send(cloneBody);
    expect(res.status).toBe(202);
    const started = res.body.voice_clone as Clone & { sample_count: number; total_duration_ms: number; workflow_id: string };
    expect(started).toMatchObject({
      voice_clone_id: expect.stringMatching(/^vcl_/),
      status: 'queued',
      progress: 0,
      sample_count: 3,
      total_duration_ms: 12000,
      provider: 'simulated',
    });
    expect(started.workflow_id).toBe(`voice-clone/${started.voice_clone_id}`);

    const seen = new Map<string, number>();
    const done = await eventually(
      () => retrieve(started.voice_clone_id),
      (c) => {
        seen.set(c.status, Math.max(seen.get(c.status) ?? 0, c.progress));
        return c.status === 'ready' || c.status === 'failed';
      },
      60_000,
      100,
    );
    expect(done).toMatchObject({ status: 'ready', progress: 100, voice_id: expect.stringMatching(/^sim-[0-9a-f]{20}$/), error: null });
    expect(seen.has('training')).toBe(true);
    expect(seen.get('training')).toBeGreaterThanOrEqual(30);
    expect(seen.get('training')).toBeLessThan(100);
    expect(done.features!.pitch_hz).toBeGreaterThan(140);
    expect(done.features!.pitch_hz).toBeLessThan(250);
    // The workflow answers the same as the row.
    const query = await t.deps.temporal!.client.workflow.getHandle(`voice-clone/${started.voice_clone_id}`).query(progressQuery);
    expect(query).toMatchObject({ status: 'ready', progress: 100, voiceId: done.voice_id });

    // The same request under the key answers what it answered first (the clone as it started); another request
    // under the key is refused.
    const again = await t.request.post('/v1/voice/clone').set(a.headers).set('Idempotency-Key', 'clone-ana').send(cloneBody);
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([202, 'true', res.body]);
    const other = await t.request
      .post('/v1/voice/clone')
      .set(a.headers)
      .set('Idempotency-Key', 'clone-ana')
      .send({ name: 'Ana (support)', samples: [{ audio_base64: b64(speechWav(11)) }] });
    expect([other.status, other.body.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);

    const voices = await t.request.get('/v1/voice/list?language=es').set(a.headers);
    expect(voices.status).toBe(200);
    expect(voices.body.voices).toContainEqual({
      provider: 'simulated',
      voice_id: done.voice_id,
      name: 'Ana (support)',
      language: 'es-ES',
      gender: 'female',
      kind: 'cloned',
      voice_clone_id: started.voice_clone_id,
    });
    expect(voices.body.voices.find((v: { voice_id: string }) => v.voice_id === 'es-ES-ElviraNeural')).toMatchObject({ kind: 'stock', voice_clone_id: null });
    // Another organization does not see it.
    const b = await createTenant(t);
    const theirs = await t.request.get('/v1/voice/list').set(b.headers);
    expect(theirs.body.voices.some((v: { voice_id: string }) => v.voice_id === done.voice_id)).toBe(false);
    expect((await t.request.get(`/v1/voice/clone/${started.voice_clone_id}`).set(b.headers)).status).toBe(404);

    // An agent speaks with it.
    const agent = await makeAgent(t, a);
    const updated = await t.request
      .put(`/v1/agent/update/${agent.agent_id}`)
      .set(a.headers)
      .send({ voice: { provider: 'simulated', voice_id: done.voice_id } });
    expect(updated.status).toBe(200);
    expect(updated.body.agent.config.voice).toEqual({ provider: 'simulated', voice_id: done.voice_id });
    // The clone is this organization's: another one cannot name it (agent create and update apply one rule).
    const foreign = await t.request
      .post('/v1/agent/create')
      .set(b.headers)
      .send({ name: 'Borrower', prompt: 'Hi.', voice: { provider: 'simulated', voice_id: done.voice_id } });
    expect([foreign.status, foreign.body.errors?.[0]?.field]).toEqual([400, 'body.voice.voice_id']);

    const list = await t.request.get('/v1/voice/clone/list').set(a.headers);
    expect(list.body.voice_clones.map((c: Clone) => c.voice_clone_id)).toContain(started.voice_clone_id);
  }, 90_000);

  it('ends failed with the reason when the samples hold no speech', async () => {
    const res = await t.request
      .post('/v1/voice/clone')
      .set(a.headers)
      .send({ name: 'Silence', samples: [{ audio_base64: b64(silentWav(12)) }] });
    expect(res.status).toBe(202);
    const done = await eventually(
      () => retrieve(res.body.voice_clone.voice_clone_id),
      (c) => c.status === 'ready' || c.status === 'failed',
      60_000,
      100,
    );
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/no usable speech/);
    expect(done.voice_id).toBeNull();
  }, 90_000);

  it('refuses bad samples with a clear problem naming the sample', async () => {
    const post = (body: Record<string, unknown>) =>
      t.request
        .post('/v1/voice/clone')
        .set(a.headers)
        .send({ name: 'Bad', ...body });
    const cases: [Record<string, unknown>, number, RegExp, string][] = [
      [{ samples: [{ audio_base64: b64(Buffer.from('hello, this is text')) }] }, 422, /not a WAV file/, 'body.samples.0.audio_base64'],
      [{ samples: [{ audio_base64: 'not base64!!' }] }, 400, /not valid base64/, 'body.samples.0.audio_base64'],
      [{ samples: [{ audio_base64: b64(speechWav(12)).slice(0, -3) }] }, 400, /not valid base64/, 'body.samples.0.audio_base64'],
      [{ samples: [{ audio_base64: b64(speechWav(3)) }, { audio_base64: b64(speechWav(4)) }] }, 422, /7\.0 s of audio; at least 10 s/, 'body.samples'],
      [{ samples: [{ audio_base64: b64(floatWav(12)) }] }, 422, /not integer PCM \(format 3\)/, 'body.samples.0.audio_base64'],
      [{ samples: [{ audio_base64: b64(speechWav(11).subarray(0, 40)) }] }, 422, /no data chunk|truncated/, 'body.samples.0.audio_base64'],
      [{ samples: [{ url: files.url('/big.wav') }] }, 422, /larger than 5\.0 MiB/, 'body.samples.0.url'],
      [{ samples: [{ url: files.url('/text.wav') }] }, 422, /not a WAV file/, 'body.samples.0.url'],
      [{ samples: [{ url: files.url('/missing.wav') }] }, 422, /HTTP 404/, 'body.samples.0.url'],
      [{ samples: [{ url: 'ftp://example.com/a.wav' }] }, 400, /Only http and https/, 'body.samples.0.url'],
      [{ samples: [{ url: 'http://10.0.0.1/a.wav' }] }, 422, /could not be fetched/, 'body.samples.0.url'],
      [{ samples: [{ audio_base64: b64(speechWav(12)), url: files.url('/ana.wav') }] }, 400, /not valid/, 'body.samples.0.audio_base64'],
      [{ samples: [] }, 400, /not valid/, 'body.samples'],
      [{ samples: Array.from({ length: 9 }, () => ({ audio_base64: b64(speechWav(2)) })) }, 400, /not valid/, 'body.samples'],
      [{ samples: [{ audio_base64: b64(speechWav(12)) }], language: 'english!' }, 400, /not valid/, 'body.language'],
    ];
    for (const [body, status, detail, field] of cases) {
      const res = await post(body);
      expect([JSON.stringify(body).slice(0, 80), res.status]).toEqual([JSON.stringify(body).slice(0, 80), status]);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(JSON.stringify(res.body)).toMatch(detail);
      expect(res.body.errors.map((i: { field: string }) => i.field)).toContain(field);
    }
    // Larger than the JSON body limit: 413, not a 500.
    const huge = await post({ samples: [{ audio_base64: b64(speechWav(70)) }] });
    expect(huge.status).toBe(413);
  }, 60_000);

  it('needs agents:write to start and agents:read to follow', async () => {
    const viewer = await createTenant(t, 'viewer');
    const res = await t.request
      .post('/v1/voice/clone')
      .set(viewer.headers)
      .send({ name: 'X', samples: [{ audio_base64: b64(speechWav(11)) }] });
    expect(res.status).toBe(403);
    expect(res.body.required_permission ?? res.body.detail).toMatch(/agents:write/);
    expect((await t.request.get('/v1/voice/clone/list').set(viewer.headers)).status).toBe(200);
  });
});

describe('voice_clone_start', () => {
  it('starts a clone, reports its progress when asked again with the key, and list_voices shows it once ready', async () => {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((x) => x.name === 'voice_clone_start')!;
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    for (const [field, schema] of Object.entries(tool.inputSchema.properties as Record<string, { description?: string }>)) {
      expect([field, schema.description]).toEqual([field, expect.any(String)]);
    }
    const args = {
      name: 'Bruno',
      gender: 'male',
      idempotency_key: 'bruno-1',
      samples: [{ audio_base64: b64(speechWav(6, [110, 130])) }, { url: files.url('/ana.wav') }],
    };
    const first = await mcp.call('voice_clone_start', args);
    expect(first.isError).toBeFalsy();
    const clone = (first.structuredContent as { voice_clone: Clone }).voice_clone;
    expect(clone).toMatchObject({ status: 'queued', progress: 0 });

    const done = await eventually(
      async () => (await mcp.call('voice_clone_start', args)).structuredContent as { voice_clone: Clone },
      (r) => r.voice_clone.status === 'ready' || r.voice_clone.status === 'failed',
      60_000,
      200,
    );
    expect(done.voice_clone).toMatchObject({ voice_clone_id: clone.voice_clone_id, status: 'ready', progress: 100 });

    const listed = await mcp.call('list_voices', { provider: 'simulated' });
    expect(listed.isError).toBeFalsy();
    expect((listed.structuredContent as { voices: unknown[] }).voices).toContainEqual(
      expect.objectContaining({
        voice_id: done.voice_clone.voice_id,
        name: 'Bruno',
        kind: 'cloned',
        voice_clone_id: clone.voice_clone_id,
      }),
    );
  }, 90_000);

  it('answers bad samples and missing permissions with isError', async () => {
    const notWav = await mcp.call('voice_clone_start', { name: 'X', samples: [{ audio_base64: b64(Buffer.from('RIFF....nope')) }] });
    expect(notWav.isError).toBe(true);
    expect(textOf(notWav)).toMatch(/not a WAV file/);
    const short = await mcp.call('voice_clone_start', { name: 'X', samples: [{ audio_base64: b64(speechWav(2)) }] });
    expect(textOf(short)).toMatch(/2\.0 s of audio; at least 10 s/);
    const badB64 = await mcp.call('voice_clone_start', { name: 'X', samples: [{ audio_base64: '%%%%' }] });
    expect(textOf(badB64)).toMatch(/samples\.0\.audio_base64.*not valid base64/);
    const big = await mcp.call('voice_clone_start', { name: 'X', samples: [{ url: files.url('/big.wav') }] });
    expect(textOf(big)).toMatch(/larger than 5\.0 MiB/);
    const reader = await connectMcp(t, mcpPrincipal(a, { permissions: ['agents:read'] }));
    try {
      const refused = await reader.call('voice_clone_start', { name: 'X', samples: [{ audio_base64: b64(speechWav(11)) }] });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/agents:write/);
    } finally {
      await reader.close();
    }
  });
});
