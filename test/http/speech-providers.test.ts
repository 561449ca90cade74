import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import type { TestApp } from '../support/app.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { createEngineTestApp } from '../support/engine.js';
import { startFakeDeepgram, type FakeDeepgram } from '../support/fake-deepgram.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../support/fake-elevenlabs.js';
import { startFakeOpenAiAudio, type FakeOpenAiAudio } from '../support/fake-openai-audio.js';
import { decryptSecret, encryptSecret } from '../../src/modules/secrets/secret-box.js';
import { SpeechProvider } from '../../src/modules/speech/speech.entity.js';
import { resolveSpeech } from '../../src/media/call/resolve-speech.js';
import { AuditEvent } from '../../src/modules/audit/audit.entity.js';
import { VoiceClone } from '../../src/modules/voices/voices.entity.js';
import { newId } from '../../src/modules/ids.js';
import { createApiClient, issueToken } from '../../src/modules/org/api-clients.js';
import { closeEngineDispatchers } from '../../src/modules/engine/engine-settings.js';
import { DeepgramStt } from '../../src/media/speech/stt/deepgram.js';
import { OpenAiTranscriptionStt } from '../../src/media/speech/stt/openai-transcriptions.js';
import { ElevenLabsTts } from '../../src/media/speech/tts/elevenlabs.js';
import { OpenAiSpeechTts } from '../../src/media/speech/tts/openai-speech.js';
import { PocketsphinxStt } from '../../src/media/speech/stt/pocketsphinx.js';
import { EspeakNgTts } from '../../src/media/speech/tts/espeak-ng.js';

/** Speech providers over REST (keys stored encrypted, never returned) and resolveSpeech choosing among them. */
let t: TestApp;
let a: TestTenant;
const KEY = 'dg-xi-sk-REST-never-returned-0123456789';
const fallback = { stt: new PocketsphinxStt(), tts: new EspeakNgTts() };
const settings = () => ({ encryptionKey: t.deps.config.secrets.encryptionKey, allowedHosts: t.deps.config.outbound.allowedHosts });

let deepgram: FakeDeepgram;
let eleven: FakeElevenLabs;
let openai: FakeOpenAiAudio;
beforeAll(async () => {
  t = await createEngineTestApp();
  a = await createTenant(t);
  [deepgram, eleven, openai] = await Promise.all([startFakeDeepgram(KEY), startFakeElevenLabs(KEY), startFakeOpenAiAudio(KEY)]);
});
afterAll(async () => {
  await Promise.all([deepgram.close(), eleven.close(), openai.close()]);
  await closeEngineDispatchers();
  await t.close();
});

describe('speech providers over REST', () => {
  it('creates and lists providers without ever returning the key, stored encrypted; other organizations see none', async () => {
    const created = await t.request
      .post('/v1/speech_provider/create')
      .set(a.headers)
      .send({ name: 'deepgram', kind: 'deepgram', base_url: `${deepgram.baseUrl}/`, api_key: KEY, stt_model: 'nova-3' });
    expect(created.status).toBe(201);
    expect(created.body.speech_provider).toEqual({
      speech_provider_id: expect.stringMatching(/^spp_/),
      name: 'deepgram',
      kind: 'deepgram',
      base_url: deepgram.baseUrl,
      stt_model: 'nova-3',
      tts_model: null,
      has_api_key: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(created.text).not.toContain(KEY);
    const second = await t.request
      .post('/v1/speech_provider/create')
      .set(a.headers)
      .send({ name: 'eleven', kind: 'elevenlabs', base_url: eleven.baseUrl, api_key: KEY });
    expect(second.status).toBe(201);

    const listed = await t.request.get('/v1/speech_provider/list').set(a.headers);
    expect(listed.status).toBe(200);
    expect(listed.body.speech_providers).toEqual([created.body.speech_provider, second.body.speech_provider]);
    expect(listed.text).not.toContain(KEY);

    const row = await t.orm.em.fork().findOneOrFail(SpeechProvider, { id: created.body.speech_provider.speech_provider_id });
    expect(row.apiKeyEncrypted).toMatch(/^v1:/);
    expect(row.apiKeyEncrypted).not.toContain(KEY);
    expect(decryptSecret(t.deps.config.secrets.encryptionKey, row.apiKeyEncrypted, a.organizationId)).toBe(KEY);
    const audit = await t.orm.em
      .fork()
      .findOneOrFail(AuditEvent, { organization: a.organizationId, action: 'speech_provider.create' }, { orderBy: { id: 'asc' } });
    expect(JSON.stringify(audit.data)).not.toContain(KEY);

    const b = await createTenant(t);
    expect((await t.request.get('/v1/speech_provider/list').set(b.headers)).body.speech_providers).toEqual([]);
  });

  it('refuses bad input, a duplicate name, private addresses and roles without org:manage', async () => {
    const body = { name: 'x', kind: 'openai-compatible', base_url: 'https://audio.example.com/v1', api_key: 'k' };
    const cases: [unknown, string][] = [
      [{ ...body, kind: 'cartesia' }, 'body.kind'],
      [{ ...body, kind: undefined }, 'body.kind'],
      [{ ...body, api_key: '' }, 'body.api_key'],
      [{ ...body, base_url: 'ftp://audio.example.com' }, 'body.base_url'],
      [{ ...body, base_url: 'https://u:p@audio.example.com' }, 'body.base_url'],
      [{ ...body, base_url: 'http://10.1.2.3/v1' }, 'body.base_url'],
      [{ ...body, base_url: 'http://localhost:9000' }, 'body.base_url'],
      [{ ...body, kind: 'deepgram', tts_model: 'aura' }, 'body.tts_model'],
      [{ ...body, kind: 'elevenlabs', stt_model: 'scribe' }, 'body.stt_model'],
      [{ ...body, voice: 'x' }, 'body.voice'],
    ];
    for (const [input, field] of cases) {
      const res = await t.request
        .post('/v1/speech_provider/create')
        .set(a.headers)
        .send(input as object);
      expect([JSON.stringify(input), res.status]).toEqual([JSON.stringify(input), 400]);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (
        await t.request
          .post('/v1/speech_provider/create')
          .set(a.headers)
          .send({ ...body, name: 'dup' })
      ).status,
    ).toBe(201);
    const dup = await t.request
      .post('/v1/speech_provider/create')
      .set(a.headers)
      .send({ ...body, name: 'dup' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('body.name');

    const member = await createApiClient(t.orm.em.fork(), { organizationId: a.organizationId, name: 'member', role: 'member' });
    const token = await issueToken(t.orm.em.fork(), t.deps.config.auth, { client_id: member.clientId, client_secret: member.clientSecret });
    const headers = { Authorization: `Bearer ${token.access_token}`, 'X-Organization-Id': a.organizationId };
    expect((await t.request.post('/v1/speech_provider/create').set(headers).send(body)).status).toBe(403);
    expect((await t.request.get('/v1/speech_provider/list').set(headers)).status).toBe(403);
  });
});

describe('resolveSpeech', () => {
  const create = (tenant: TestTenant, body: object) => t.request.post('/v1/speech_provider/create').set(tenant.headers).send(body).expect(201);

  it('uses the offline speech without providers, for the platform voice and for voices no provider speaks', async () => {
    const c = await createTenant(t);
    const none = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'elevenlabs', voice_id: '21m00Tcm4TlvDq8ikWAM' }, settings(), fallback);
    expect(none).toEqual({ stt: fallback.stt, tts: fallback.tts, voice: '21m00Tcm4TlvDq8ikWAM', notes: [] });
    await create(c, { name: 'eleven', kind: 'elevenlabs', base_url: eleven.baseUrl, api_key: KEY });
    const platform = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'platform', voice_id: 'default' }, settings(), fallback);
    expect(platform.tts).toBe(fallback.tts);
    const azure = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'azure', voice_id: 'en-US-JennyNeural' }, settings(), fallback);
    expect(azure.tts).toBe(fallback.tts);
    expect(azure.stt).toBe(fallback.stt); // elevenlabs does not recognise speech
  });

  it('picks Deepgram and ElevenLabs by the voice, and the clients reach the registered addresses with the decrypted key', async () => {
    const c = await createTenant(t);
    await create(c, { name: 'dg', kind: 'deepgram', base_url: deepgram.baseUrl, api_key: KEY });
    await create(c, { name: 'eleven', kind: 'elevenlabs', base_url: eleven.baseUrl, api_key: KEY, tts_model: 'eleven_turbo_v2_5' });
    const speech = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'elevenlabs', voice_id: 'EXAVITQu4vr4xnSDxMaL' }, settings(), fallback);
    expect(speech.stt).toBeInstanceOf(DeepgramStt);
    expect(speech.tts).toBeInstanceOf(ElevenLabsTts);
    expect(speech.voice).toBe('EXAVITQu4vr4xnSDxMaL');

    const stream = speech.stt.start({ sampleRate: 8000, language: 'en-US' });
    stream.write(new Int16Array(160));
    deepgram.transcript = 'yes please';
    expect((await stream.finish()).text).toBe('yes please');
    expect(deepgram.sessions.at(-1)!.headers.authorization).toBe(`Token ${KEY}`);

    eleven.script = { chunks: 1, samplesPerChunk: 160, delayMs: 1 };
    let samples = 0;
    for await (const chunk of speech.tts.synthesize('Hello.', { voice: speech.voice, language: 'en-US' })) samples += chunk.length;
    expect(samples).toBe(160);
    const session = eleven.sessions.at(-1)!;
    expect(session.url.pathname).toBe('/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL/stream-input');
    expect(session.url.searchParams.get('model_id')).toBe('eleven_turbo_v2_5');
  });

  it('openai voices speak through an openai-compatible provider, which also recognises when it has stt_model', async () => {
    const c = await createTenant(t);
    await create(c, { name: 'oa', kind: 'openai-compatible', base_url: openai.baseUrl, api_key: KEY, tts_model: 'tts-1' });
    const ttsOnly = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'openai', voice_id: 'nova' }, settings(), fallback);
    expect(ttsOnly.tts).toBeInstanceOf(OpenAiSpeechTts);
    expect(ttsOnly.stt).toBe(fallback.stt);
    await create(c, { name: 'whisper', kind: 'openai-compatible', base_url: openai.baseUrl, api_key: KEY, stt_model: 'whisper-1' });
    const both = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'openai', voice_id: 'nova' }, settings(), fallback);
    expect(both.stt).toBeInstanceOf(OpenAiTranscriptionStt);
    const stream = both.stt.start({ sampleRate: 8000, language: 'en-US' });
    stream.write(new Int16Array(160));
    openai.transcript = 'Cancel my appointment.';
    expect((await stream.finish()).text).toBe('Cancel my appointment.');
    expect(openai.requests.at(-1)!.fields!.model).toBe('whisper-1');
  });

  it('maps a ready simulated clone to a stock voice of its language and gender, offline', async () => {
    const c = await createTenant(t);
    const em = t.orm.em.fork();
    em.create(VoiceClone, {
      id: newId('voiceClone'),
      organization: c.organizationId,
      projectId: null,
      name: 'Ana',
      language: 'en-GB',
      gender: 'male',
      description: null,
      provider: 'simulated',
      status: 'ready',
      progress: 100,
      sampleCount: 1,
      totalDurationMs: 10_000,
      features: null,
      providerJobId: 'simjob.1.1.x',
      voiceId: 'sim-0123456789abcdef0123',
      error: null,
      idempotencyKey: null,
      createdBy: { type: 'system', id: null, name: null },
      finishedAt: new Date(),
    });
    await em.flush();
    const speech = await resolveSpeech(
      t.orm.em.fork(),
      c.organizationId,
      { provider: 'simulated', voice_id: 'sim-0123456789abcdef0123' },
      settings(),
      fallback,
    );
    expect(speech).toMatchObject({ tts: fallback.tts, voice: 'fable' }); // en-GB, male
    const unknown = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'simulated', voice_id: 'sim-not-mine' }, settings(), fallback);
    expect(unknown.voice).toBe('sim-not-mine');
  });

  it('falls back offline with a note when a key does not decrypt', async () => {
    const c = await createTenant(t);
    const { body } = await create(c, { name: 'dg', kind: 'deepgram', base_url: deepgram.baseUrl, api_key: KEY });
    const em = t.orm.em.fork();
    const row = await em.findOneOrFail(SpeechProvider, { id: body.speech_provider.speech_provider_id });
    row.apiKeyEncrypted = encryptSecret(t.deps.config.secrets.encryptionKey, KEY, 'org_another');
    await em.flush();
    const speech = await resolveSpeech(t.orm.em.fork(), c.organizationId, { provider: 'platform', voice_id: 'default' }, settings(), fallback);
    expect(speech.stt).toBe(fallback.stt);
    expect(speech.notes).toEqual([expect.stringMatching(/spp_.*cannot be read/)]);
  });
});
