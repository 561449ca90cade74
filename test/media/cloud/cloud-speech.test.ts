import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { checkUrlHost, guardedDispatcher } from '../../../src/modules/outbound-http.js';
import { DeepgramStt } from '../../../src/media/speech/stt/deepgram.js';
import { OpenAiTranscriptionStt } from '../../../src/media/speech/stt/openai-transcriptions.js';
import { ElevenLabsTts } from '../../../src/media/speech/tts/elevenlabs.js';
import { OpenAiSpeechTts } from '../../../src/media/speech/tts/openai-speech.js';
import { startFakeDeepgram, type FakeDeepgram } from '../../support/fake-deepgram.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../support/fake-elevenlabs.js';
import { startFakeOpenAiAudio, type FakeOpenAiAudio } from '../../support/fake-openai-audio.js';

/**
 * The cloud speech clients against local servers speaking each provider's
 * wire format (test/support/fake-*.ts): real WebSockets and HTTP on
 * 127.0.0.1, through the SSRF-guarded dispatcher with 127.0.0.1 allowed.
 */
const KEY = 'dg-or-xi-key-0123456789';
const allowed = ['127.0.0.1'];
const dispatcher = guardedDispatcher(allowed);
const access = { dispatcher, checkUrl: (url: URL) => checkUrlHost(url, allowed) };
/** Nothing allowed: 127.0.0.1 is then a forbidden address. */
const strict = { dispatcher: guardedDispatcher([]), checkUrl: (url: URL) => checkUrlHost(url, []) };

let deepgram: FakeDeepgram;
let eleven: FakeElevenLabs;
let openai: FakeOpenAiAudio;
beforeAll(async () => {
  [deepgram, eleven, openai] = await Promise.all([startFakeDeepgram(KEY), startFakeElevenLabs(KEY), startFakeOpenAiAudio(KEY)]);
});
afterAll(async () => {
  await Promise.all([deepgram.close(), eleven.close(), openai.close()]);
  await Promise.all([dispatcher.close(), strict.dispatcher.close()]);
});

const frame = (n: number) => Int16Array.from({ length: 160 }, (_, i) => Math.round(3000 * Math.sin((i + n * 160) / 5)));
const collect = async (chunks: AsyncIterable<Int16Array>) => {
  const out: { at: number; samples: number }[] = [];
  for await (const c of chunks) out.push({ at: Date.now(), samples: c.length });
  return out;
};

describe('DeepgramStt (live streaming over WebSocket)', () => {
  it('sends the query, the Token header, the audio as binary frames and CloseStream; joins the finals, emits partials', async () => {
    const stt = new DeepgramStt({ ...access, apiKey: KEY, baseUrl: deepgram.baseUrl });
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: ['book an appointment', 'on tuesday'] });
    const partials: string[] = [];
    stream.on('partial', (text) => partials.push(text));
    for (let i = 0; i < 25; i++) stream.write(frame(i)); // 500 ms, written before the socket is even open
    await new Promise((resolve) => setTimeout(resolve, 100));
    const result = await stream.finish();
    expect(result.text).toBe('book an appointment on tuesday');
    expect(result.confidence).toBeCloseTo(0.9);
    expect(partials).toEqual(['book an']);
    const session = deepgram.sessions.at(-1)!;
    expect(session.headers.authorization).toBe(`Token ${KEY}`);
    expect(Object.fromEntries([...session.url.searchParams].filter(([k]) => k !== 'keyterm'))).toEqual({
      encoding: 'linear16',
      sample_rate: '8000',
      channels: '1',
      model: 'nova-3',
      language: 'en-US',
      interim_results: 'true',
      punctuate: 'true',
      endpointing: '300',
      utterance_end_ms: '1000',
    });
    expect(session.url.searchParams.getAll('keyterm')).toEqual(['book an appointment', 'on tuesday']);
    expect(session.audioBytes).toBe(25 * 160 * 2);
    expect(session.controls.map((c) => JSON.parse(c))).toEqual([{ type: 'CloseStream' }]);
  });

  it('sends µ-law when asked, KeepAlive while no audio flows, and keywords for older models', async () => {
    const stt = new DeepgramStt({ ...access, apiKey: KEY, baseUrl: deepgram.baseUrl, encoding: 'mulaw', model: 'nova-2', keepAliveMs: 200 });
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: ['yes please'] });
    stream.write(frame(0));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await stream.finish();
    const session = deepgram.sessions.at(-1)!;
    expect(session.url.searchParams.get('encoding')).toBe('mulaw');
    expect(session.url.searchParams.getAll('keywords')).toEqual(['yes', 'please']);
    expect(session.audioBytes).toBe(160);
    expect(session.controls.filter((c) => c.includes('KeepAlive')).length).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(session.controls.at(-1)!)).toEqual({ type: 'CloseStream' });
  });

  it('rejects finish() with a clear error for a wrong key, and refuses a forbidden address before connecting', async () => {
    const before = deepgram.sessions.length;
    const bad = new DeepgramStt({ ...access, apiKey: 'wrong', baseUrl: deepgram.baseUrl }).start({ sampleRate: 8000, language: 'en-US' });
    bad.write(frame(0));
    await expect(bad.finish()).rejects.toThrow(/Deepgram/);
    const forbidden = new DeepgramStt({ ...strict, apiKey: KEY, baseUrl: deepgram.baseUrl }).start({ sampleRate: 8000, language: 'en-US' });
    await expect(forbidden.finish()).rejects.toThrow(/private or reserved address/);
    expect(deepgram.sessions.length).toBe(before);
  });

  it('the WebSocket goes through the guarded dispatcher: a name resolving to a private address is refused after DNS', async () => {
    const before = deepgram.sessions.length;
    const lookup = (_host: string, _options: object, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const rebinding = { dispatcher: guardedDispatcher([], lookup), checkUrl: (url: URL) => checkUrlHost(url, []) };
    const port = new URL(deepgram.baseUrl).port;
    const stream = new DeepgramStt({ ...rebinding, apiKey: KEY, baseUrl: `http://speech.example.test:${port}` }).start({ sampleRate: 8000, language: 'en-US' });
    stream.write(frame(0));
    await expect(stream.finish()).rejects.toThrow(/Deepgram/);
    expect(deepgram.sessions.length).toBe(before);
    // The same lookup with the name allowed connects: the refusal above was the guard's.
    const allowedName = { dispatcher: guardedDispatcher(['speech.example.test'], lookup), checkUrl: () => {} };
    const ok = new DeepgramStt({ ...allowedName, apiKey: KEY, baseUrl: `http://speech.example.test:${port}` }).start({ sampleRate: 8000, language: 'en-US' });
    ok.write(frame(0));
    deepgram.transcript = 'hello';
    expect((await ok.finish()).text).toBe('hello');
    await Promise.all([rebinding.dispatcher.close(), allowedName.dispatcher.close()]);
  });

  it("signals the end of the caller's turn on speech_final and UtteranceEnd; peek() gives only settled words", async () => {
    deepgram.endpointing = true;
    deepgram.transcript = 'I would like to book an appointment.';
    try {
      const stream = new DeepgramStt({ ...access, apiKey: KEY, baseUrl: deepgram.baseUrl, endpointingMs: 200 }).start({
        sampleRate: 8000,
        language: 'en-US',
      });
      const ends: number[] = [];
      stream.on('endOfTurn', () => ends.push(Date.now()));
      const quiet = new Int16Array(160);
      // 600 ms of speech: nothing settled yet, and no end signalled while the caller speaks.
      for (let i = 0; i < 30; i++) stream.write(frame(i));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await stream.peek!()).toMatchObject({ kind: 'unrecognized', text: '' });
      expect(ends).toEqual([]);
      // 300 ms of quiet, past the 200 ms endpointing: speech_final, the end signal, and peek() has the turn.
      for (let i = 0; i < 15; i++) stream.write(quiet);
      for (let waited = 0; !ends.length && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ends).toHaveLength(1);
      expect(await stream.peek!()).toMatchObject({ kind: 'speech', text: 'I would like to book an appointment', confidence: 0.9 });
      // A second of quiet: UtteranceEnd signals again; finish() gives the same words without waiting for more.
      for (let i = 0; i < 50; i++) stream.write(quiet);
      for (let waited = 0; ends.length < 2 && waited < 2000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(ends).toHaveLength(2);
      expect((await stream.finish()).text).toBe('I would like to book an appointment');
    } finally {
      deepgram.endpointing = false;
    }
  });

  it('abort() closes the socket and a pending finish() rejects', async () => {
    const stream = new DeepgramStt({ ...access, apiKey: KEY, baseUrl: deepgram.baseUrl }).start({ sampleRate: 8000, language: 'en-US' });
    stream.write(frame(0));
    stream.abort();
    await expect(stream.finish()).rejects.toThrow(/aborted/);
  });
});

describe('ElevenLabsTts (stream-input over WebSocket)', () => {
  it('sends the key header, model and format, then " ", the sentence and ""; decodes µ-law 8 kHz as it arrives', async () => {
    eleven.script = { chunks: 3, samplesPerChunk: 800, delayMs: 50 };
    const tts = new ElevenLabsTts({ ...access, apiKey: KEY, baseUrl: eleven.baseUrl, model: 'eleven_flash_v2_5' });
    const chunks = await collect(tts.synthesize('Hello there.  How are you?', { voice: '21m00Tcm4TlvDq8ikWAM', language: 'en-US' }));
    expect(chunks.map((c) => c.samples)).toEqual([800, 800, 800]);
    expect(chunks[2].at - chunks[0].at).toBeGreaterThanOrEqual(60); // streamed, not buffered to the end
    const session = eleven.sessions.at(-1)!;
    expect(session.url.pathname).toBe('/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream-input');
    expect(session.url.searchParams.get('model_id')).toBe('eleven_flash_v2_5');
    expect(session.url.searchParams.get('output_format')).toBe('ulaw_8000');
    expect(session.headers['xi-api-key']).toBe(KEY);
    expect(session.messages).toEqual([
      { text: ' ', voice_settings: { stability: 0.5, similarity_boost: 0.8 } },
      { text: 'Hello there. How are you? ', flush: true },
      { text: '' },
    ]);
  });

  it('resamples pcm_16000 to 8 kHz', async () => {
    eleven.script = { chunks: 2, samplesPerChunk: 1600, delayMs: 5 };
    const tts = new ElevenLabsTts({ ...access, apiKey: KEY, baseUrl: eleven.baseUrl, outputFormat: 'pcm_16000' });
    const chunks = await collect(tts.synthesize('Hi.', { voice: 'v1', language: 'en-US' }));
    expect(chunks.reduce((n, c) => n + c.samples, 0)).toBe(1600); // 3,200 samples at 16 kHz
  });

  it('stops without an error when aborted (barge-in) and closes the socket', async () => {
    eleven.script = { chunks: 50, samplesPerChunk: 160, delayMs: 20 };
    const abort = new AbortController();
    const tts = new ElevenLabsTts({ ...access, apiKey: KEY, baseUrl: eleven.baseUrl });
    let got = 0;
    for await (const chunk of tts.synthesize('A long answer.', { voice: 'v1', language: 'en-US', signal: abort.signal })) {
      got += chunk.length;
      if (got >= 320) abort.abort();
    }
    expect(got).toBeLessThan(50 * 160);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(eleven.sessions.at(-1)!.closedByClient).toBe(true);
  });

  it('fails with a clear error for a wrong key and for a forbidden address', async () => {
    const wrong = new ElevenLabsTts({ ...access, apiKey: 'wrong', baseUrl: eleven.baseUrl });
    await expect(collect(wrong.synthesize('Hi.', { voice: 'v1', language: 'en-US' }))).rejects.toThrow(/ElevenLabs/);
    const forbidden = new ElevenLabsTts({ ...strict, apiKey: KEY, baseUrl: eleven.baseUrl });
    await expect(collect(forbidden.synthesize('Hi.', { voice: 'v1', language: 'en-US' }))).rejects.toThrow(/private or reserved address/);
  });
});

describe('OpenAI-compatible audio (/audio/speech, /audio/transcriptions)', () => {
  it('TTS: posts model, input, voice and pcm; resamples 24 kHz to 8 kHz as the body streams in', async () => {
    openai.speech = { chunks: 4, samplesPerChunk: 2400, delayMs: 60 };
    const tts = new OpenAiSpeechTts({ ...access, apiKey: KEY, baseUrl: openai.baseUrl, model: 'tts-1' });
    const chunks = await collect(tts.synthesize('Hello, Acme Dental.', { voice: 'nova', language: 'en-US' }));
    expect(chunks.reduce((n, c) => n + c.samples, 0)).toBe(3200); // 9,600 samples at 24 kHz
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    expect(chunks.at(-1)!.at - chunks[0].at).toBeGreaterThanOrEqual(120);
    const req = openai.requests.at(-1)!;
    expect(req.path).toBe('/v1/audio/speech');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.json).toEqual({ model: 'tts-1', input: 'Hello, Acme Dental.', voice: 'nova', response_format: 'pcm' });
  });

  it('TTS: a 401 is an error naming the status; a forbidden address is refused', async () => {
    const wrong = new OpenAiSpeechTts({ ...access, apiKey: 'wrong', baseUrl: openai.baseUrl });
    await expect(collect(wrong.synthesize('Hi.', { voice: 'nova', language: 'en-US' }))).rejects.toThrow(/answered 401: .*Incorrect API key/);
    const forbidden = new OpenAiSpeechTts({ ...strict, apiKey: KEY, baseUrl: openai.baseUrl });
    await expect(collect(forbidden.synthesize('Hi.', { voice: 'nova', language: 'en-US' }))).rejects.toThrow(/private or reserved address/);
  });

  it('STT: uploads the turn as an 8 kHz WAV with model, language and the phrases as prompt; returns the text', async () => {
    const stt = new OpenAiTranscriptionStt({ ...access, apiKey: KEY, baseUrl: openai.baseUrl, model: 'whisper-1' });
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: ['book an appointment', 'cancel'] });
    for (let i = 0; i < 10; i++) stream.write(frame(i));
    const result = await stream.finish();
    expect(result.text).toBe('I would like to book an appointment.');
    const req = openai.requests.at(-1)!;
    expect(req.path).toBe('/v1/audio/transcriptions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.fields).toEqual({ model: 'whisper-1', language: 'en', response_format: 'json', prompt: 'book an appointment. cancel' });
    expect(req.file!.name).toBe('turn.wav');
    const wav = req.file!.bytes;
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.length).toBe(44 + 10 * 160 * 2);
    expect(wav.readInt16LE(44 + 2 * 7)).toBe(frame(0)[7]);
  });

  it('STT: a wrong key rejects finish()', async () => {
    const stream = new OpenAiTranscriptionStt({ ...access, apiKey: 'wrong', baseUrl: openai.baseUrl }).start({ sampleRate: 8000, language: 'en-US' });
    stream.write(frame(0));
    await expect(stream.finish()).rejects.toThrow(/answered 401/);
  });
});
