import { afterAll, describe, it, expect } from '@jest/globals';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnDirect, type SpawnSpeechProcess } from '../../../src/media/speech/process-host.js';
import { PocketsphinxStt, buildDictionary, buildGrammar, interpretHypothesis } from '../../../src/media/speech/stt/pocketsphinx.js';
import type { SttResult, SttStream } from '../../../src/media/speech/speech-to-text.js';
import { TurnDetector, type Turn } from '../../../src/media/turn/turn-detector.js';
import { Vad } from '../../../src/media/turn/vad.js';
import { concat, frames, lineNoise, speak, speakAs } from './audio.js';

const PHRASES = [
  'I would like to book an appointment for Tuesday',
  'Cancel my order',
  'I want to speak to a human',
  'What are your opening hours',
  'Yes that is correct',
  'No thank you goodbye',
];

/** The demo agent's phrases (agentPhrases()), each one an action when heard. */
const TASK = ['yes', 'yes please', 'no', 'no thanks', 'thank you', 'goodbye', 'bye', 'i would like to book an appointment', 'book an appointment'];
/** What every call needs besides: backchannels, greetings, repair. Heard, they trigger no task. */
const CALL_CONTROL = ['yeah', 'okay', 'mhm', 'uh huh', 'right', 'hello', 'can you repeat that', 'say that again', 'sorry', 'what', 'hmm'];
const DEMO = [...TASK, ...CALL_CONTROL];
/**
 * espeak-ng voices and speeds as callers: none of them is our TTS's default
 * speed, and the decoder's settings (docs/research/offline-rejection) were
 * chosen on other sentences.
 */
const CALLERS: [voice: string, wordsPerMinute: number][] = [
  ['en-us', 175],
  ['en-us+f3', 150],
  ['en-gb', 190],
  ['en-us+m3', 160],
];

/**
 * The offline phone path end to end: espeak-ng → 8 kHz (our TTS) → line noise around it → 20 ms frames paced
 * in real time → TurnDetector → a pocketsphinx stream started at speechStart and fed while the caller talks,
 * finished at turnEnd.
 */
async function recognise(stt: PocketsphinxStt, audio: Int16Array, phrases?: string[]): Promise<{ turns: Turn[]; result?: SttResult; speechStartMs?: number }> {
  const vad = await Vad.create(3);
  const detector = new TurnDetector(vad);
  const turns: Turn[] = [];
  let stream: SttStream | undefined;
  let speechStartMs: number | undefined;
  detector.on('speechStart', (s) => {
    speechStartMs = s.atMs;
    stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases });
    stream.write(s.audio);
  });
  detector.on('turnEnd', (t) => turns.push(t));
  let pending: Promise<SttResult> | undefined;
  const t0 = performance.now();
  const all = frames(audio);
  for (let i = 0; i < all.length; i++) {
    const wait = t0 + i * 20 - performance.now();
    if (wait > 0) await sleep(wait);
    const before = detector.inTurn;
    detector.push(all[i]);
    if (before && stream) stream.write(all[i]);
    if (turns.length === 1 && !pending && stream) pending = stream.finish();
  }
  vad.close();
  return { turns, result: await pending, speechStartMs };
}

/** The same path without the real-time pacing (the detector's clock is frames): for many utterances. */
async function recogniseFast(stt: PocketsphinxStt, audio: Int16Array, phrases: string[]): Promise<SttResult> {
  const vad = await Vad.create(3);
  const detector = new TurnDetector(vad);
  let stream: SttStream | undefined;
  let pending: Promise<SttResult> | undefined;
  detector.on('speechStart', (s) => {
    stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases });
    stream.write(s.audio);
  });
  detector.on('turnEnd', () => {
    pending ??= stream?.finish();
  });
  for (const frame of frames(audio)) {
    const before = detector.inTurn;
    detector.push(frame);
    if (before && stream && !pending) stream.write(frame);
  }
  vad.close();
  if (!pending) throw new Error('the turn detector heard no complete turn');
  return pending;
}

/** A caller's utterance with a quiet line before and after it. */
const onTheLine = (speech: Int16Array): Int16Array => concat([lineNoise(500), speech, lineNoise(1000, 30, 2)]);

describe('PocketsphinxStt', () => {
  const stt = new PocketsphinxStt({ logger: { warn: () => {} } });
  const latencies: number[] = [];
  afterAll(() => {
    const sorted = [...latencies].sort((a, b) => a - b);
    if (sorted.length)
      console.log(
        `pocketsphinx STT latency (finish() → result) over ${sorted.length} turns: min ${sorted[0].toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
      );
  });

  it('recognises phrases of a grammar of 6 in a real-time paced call (nova, echo): at least 10 of 12 exactly, the rest unrecognized, never another phrase', async () => {
    const outcomes: string[] = [];
    for (const voice of ['nova', 'echo']) {
      for (const phrase of PHRASES) {
        const speech = await speak(phrase, voice);
        const { turns, result, speechStartMs } = await recognise(stt, concat([lineNoise(400), speech, lineNoise(800, 30, 2)]), PHRASES);
        expect(turns).toHaveLength(1);
        expect(speechStartMs).toBeGreaterThanOrEqual(340);
        expect(turns[0].endMs).toBeLessThanOrEqual(400 + speech.length / 8 + 100);
        latencies.push(result!.latencyMs);
        if (result!.kind === 'speech') expect(result!.text).toBe(phrase.toLowerCase());
        else expect(result!.text).toBe('');
        outcomes.push(`${voice} "${phrase}" → ${result!.kind} "${result!.hypothesis}"`);
      }
    }
    const exact = outcomes.filter((o) => o.includes('→ speech')).length;
    console.log(`grammar of 6, two voices: ${exact}/12 exact\n${outcomes.join('\n')}`);
    // Measured 10/12: the garbage loop takes "Yes that is correct" (nova) and "I want to speak to a human" (echo).
    expect(exact).toBeGreaterThanOrEqual(10);
  }, 120_000);

  describe('with the demo phrases and the call-control phrases', () => {
    it('takes off-script sentences as unrecognized, keeping the hypothesis, and never as a task phrase', async () => {
      const sentences = [
        'My name is Priya Raman.',
        'What time do you close today?',
        'I need to talk to a real person.',
        'How much does a cleaning cost?',
        'Can I bring my daughter along?',
        'The parking lot was full last time.',
      ];
      const outcomes: { kind: string; text: string; line: string }[] = [];
      for (const sentence of sentences) {
        for (const [voice, wpm] of CALLERS) {
          const result = await recogniseFast(stt, onTheLine(speakAs(sentence, voice, wpm)), DEMO);
          latencies.push(result.latencyMs);
          if (result.kind === 'unrecognized') {
            expect(result.text).toBe('');
            expect(result.confidence).toBe(0);
            if (result.hypothesis) expect(result.hypothesis).toMatch(/^gb_|\sgb_/);
          }
          outcomes.push({ ...result, line: `${voice}@${wpm} "${sentence}" → ${result.kind} "${result.hypothesis}"` });
        }
      }
      const task = outcomes.filter((o) => TASK.includes(o.text));
      const unrecognized = outcomes.filter((o) => o.kind === 'unrecognized');
      const control = outcomes.filter((o) => CALL_CONTROL.includes(o.text));
      console.log(
        `off-script, ${outcomes.length} utterances: ${unrecognized.length} unrecognized, ${control.length} call-control, ${task.length} task phrase\n${outcomes.map((o) => o.line).join('\n')}`,
      );
      // The research measured 1 of 144 off-script utterances taken as a task phrase (a closed grammar: 100 of 144).
      // Here 0 of 24 were: 21 were unrecognized and 3 became a call-control phrase (mhm twice, what), which triggers no
      // action. With the closed grammar of the same phrases, 6 of these 24 became task phrases and only 2 were empty.
      // The audio repeats exactly (sox -D); with dithered audio a few borderline utterances flipped between runs
      // (20–21 unrecognized, 32–33/36 task phrases exact), hence the margins below.
      expect(task.length).toBeLessThanOrEqual(1);
      expect(unrecognized.length).toBeGreaterThanOrEqual(16);
      expect(task.length + unrecognized.length + control.length).toBe(outcomes.length);
    }, 120_000);

    it('hears "Can you repeat that?" and "Hello?" as themselves, in every voice', async () => {
      for (const [voice, wpm] of CALLERS) {
        for (const [said, heard] of [
          ['Can you repeat that?', 'can you repeat that'],
          ['Hello?', 'hello'],
        ]) {
          const result = await recogniseFast(stt, onTheLine(speakAs(said, voice, wpm)), DEMO);
          latencies.push(result.latencyMs);
          expect({ voice, kind: result.kind, text: result.text, confidence: result.confidence }).toEqual({ voice, kind: 'speech', text: heard, confidence: 1 });
          expect(result.hypothesis).toBe(heard);
        }
      }
    }, 60_000);

    it('hears the task phrases exactly, or else as unrecognized or call-control: never as another task phrase', async () => {
      const outcomes: string[] = [];
      let exact = 0;
      for (const phrase of TASK) {
        for (const [voice, wpm] of CALLERS) {
          const result = await recogniseFast(stt, onTheLine(speakAs(`${phrase}.`, voice, wpm)), DEMO);
          latencies.push(result.latencyMs);
          if (result.text === phrase) exact++;
          else expect(TASK).not.toContain(result.text);
          outcomes.push(`${voice}@${wpm} "${phrase}" → ${result.kind} "${result.hypothesis}"`);
        }
      }
      console.log(`task phrases: ${exact}/${outcomes.length} exact\n${outcomes.join('\n')}`);
      // Measured 33/36: "yes" became "yeah" (en-gb, en-us+m3: the same meaning) and "no thanks" became "mhm" (en-gb)
      // (the research: 63/72, the misses likewise yeah, mhm or garbage). A miss costs a reprompt, not a wrong action.
      expect(exact).toBeGreaterThanOrEqual(30);
    }, 120_000);
  });

  it("measures the decoder's start cost (process start, model and grammar load, empty utterance)", async () => {
    const started = performance.now();
    const result = await stt.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES }).finish();
    console.log(`pocketsphinx process start + model/grammar load + exit, no audio: ${(performance.now() - started).toFixed(0)} ms`);
    expect(result).toMatchObject({ kind: 'unrecognized', text: '', hypothesis: '', confidence: 0 });
  });

  it('recognises a whole utterance written at once at finish() (the batch path), and says how long that takes', async () => {
    const audio = concat([lineNoise(200), await speak(PHRASES[0], 'nova'), lineNoise(300)]);
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES });
    for (const f of frames(audio)) stream.write(f);
    const result = await stream.finish();
    console.log(`pocketsphinx batch (3 s of audio written at once, then finish()): ${result.latencyMs.toFixed(0)} ms`);
    expect(result.text).toBe(PHRASES[0].toLowerCase());
  });

  it('peeks at what was said so far and stays open: half a phrase is not the phrase, the whole one is, and finish() still decodes all', async () => {
    const phrase = await speak(PHRASES[0], 'nova');
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES });
    const firstHalf = concat([lineNoise(200), phrase.subarray(0, Math.floor(phrase.length / 2))]);
    for (const f of frames(firstHalf)) stream.write(f);
    const half = await stream.peek!();
    expect(half.text).not.toBe(PHRASES[0].toLowerCase());
    for (const f of frames(concat([phrase.subarray(Math.floor(phrase.length / 2)), lineNoise(300)]))) stream.write(f);
    const whole = await stream.peek!();
    console.log(`pocketsphinx peek: half a phrase ${JSON.stringify(half.text || half.kind)}, the whole one in ${whole.latencyMs.toFixed(0)} ms`);
    expect(whole).toMatchObject({ kind: 'speech', text: PHRASES[0].toLowerCase() });
    expect((await stream.finish()).text).toBe(PHRASES[0].toLowerCase());
  });

  it('falls back to the generic language model without phrases (unreliable on synthetic speech: printed, not asserted)', async () => {
    const audio = concat([lineNoise(200), await speak(PHRASES[0], 'nova'), lineNoise(300)]);
    const stream = stt.start({ sampleRate: 8000, language: 'en-US' });
    stream.write(audio);
    const result = await stream.finish();
    console.log(`pocketsphinx generic LM heard "${result.text}" for "${PHRASES[0]}" in ${result.latencyMs.toFixed(0)} ms`);
    expect(typeof result.text).toBe('string');
  });

  it('builds the grammar from lower-cased phrases and a phone loop, drops words the dictionary lacks, and logs them', async () => {
    const warnings: object[] = [];
    const logged = new PocketsphinxStt({ logger: { warn: (details) => warnings.push(details) } });
    const grammar = buildGrammar(['Book with Doctor Zzyzxq!', 'cancel, please', 'Qwxzv'], new Set(['book', 'with', 'doctor', 'cancel', 'please']));
    expect(grammar.alternatives).toEqual(['book with doctor', 'cancel please']);
    expect(grammar.words).toEqual(['book', 'with', 'doctor', 'cancel', 'please']);
    expect(grammar.dropped).toEqual([
      { phrase: 'Book with Doctor Zzyzxq!', words: ['zzyzxq'] },
      { phrase: 'Qwxzv', words: ['qwxzv'] },
    ]);
    expect(grammar.jsgf).toContain('public <utterance> = /1/ <phrase> | /1/ <garbage>;');
    expect(grammar.jsgf).toContain('<phrase> = book with doctor | cancel please;');
    expect(grammar.jsgf).toContain('<garbage> = <phone> <phone>*;');
    expect(grammar.jsgf.match(/gb_[a-z]+/g)).toHaveLength(39);
    const result = await logged.start({ sampleRate: 8000, language: 'en-US', phrases: ['cancel my order', 'Qwxzv'] }).finish();
    expect(result.text).toBe('');
    expect(warnings).toEqual([{ dropped: [{ phrase: 'Qwxzv', words: ['qwxzv'] }] }]);
  });

  it('writes a dictionary of only the grammar words (every pronunciation) and the 39 phone words', () => {
    const dictionary = buildDictionary(
      ['read', 'book', 'read'],
      new Map([
        ['book', 'book B UH K'],
        ['read', 'read R EH D\nread(2) R IY D'],
        ['cancel', 'cancel K AE N S AH L'],
      ]),
    );
    const lines = dictionary.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(['book B UH K', 'read R EH D', 'read(2) R IY D']);
    expect(lines.slice(3)).toHaveLength(39);
    expect(lines).toContain('gb_zh ZH');
    expect(() => buildDictionary(['zzyzxq'], new Map())).toThrow(/not in the dictionary/);
  });

  it('reads a hypothesis with any garbage phone, or an empty one, as unrecognized (confidence 0), else as speech (confidence 1)', () => {
    expect(interpretHypothesis('gb_m gb_ay bye')).toEqual({ kind: 'unrecognized', text: '', confidence: 0, hypothesis: 'gb_m gb_ay bye' });
    expect(interpretHypothesis('')).toEqual({ kind: 'unrecognized', text: '', confidence: 0, hypothesis: '' });
    expect(interpretHypothesis(' yes  please ')).toEqual({ kind: 'speech', text: 'yes please', confidence: 1, hypothesis: 'yes please' });
  });

  it('rejects finish() after abort(), and refuses languages it has no model for', async () => {
    const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES });
    stream.write(await speak('cancel my order'));
    stream.abort();
    await expect(stream.finish()).rejects.toThrow(/aborted/);
    expect(() => stt.start({ sampleRate: 8000, language: 'de-DE' })).toThrow(/en-US model/);
  });

  it('leaves no utterance files behind after a result, an abort while the decoder runs, or a timeout', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pocketsphinx-test-work-'));
    try {
      let spawned = (): void => {};
      const spawn: SpawnSpeechProcess = (command, args, options) => {
        const child = spawnDirect(command, args, options);
        spawned();
        return child;
      };
      const own = new PocketsphinxStt({ spawn, workDir: dir, logger: { warn: () => {} } });
      const audio = concat([lineNoise(200), await speak(PHRASES[0], 'nova'), lineNoise(300)]);
      const withAudio = (stream: SttStream): SttStream => {
        stream.write(audio);
        return stream;
      };
      expect(await withAudio(own.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES })).finish()).toMatchObject({ kind: 'speech' });

      const aborted = withAudio(own.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES }));
      spawned = () => queueMicrotask(() => aborted.abort());
      await expect(aborted.finish()).rejects.toThrow(/aborted/);
      spawned = () => {};

      const slow = new PocketsphinxStt({ timeoutMs: 5, workDir: dir, logger: { warn: () => {} } });
      await expect(withAudio(slow.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES })).finish()).rejects.toThrow(/no result within 5 ms/);
      await sleep(300); // the killed decoders' close, then their directories' removal
      const left = await readdir(dir);
      expect(left.filter((f) => !/^pocketsphinx-[0-9a-f]{24}\.(gram|dict)$/.test(f))).toEqual([]);
      expect(left.filter((f) => f.endsWith('.dict'))).toHaveLength(1); // written once, shared by the three streams
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a missing decoder binary as a rejected finish(), for the grammar and for the generic model', async () => {
    const broken = new PocketsphinxStt({ binary: '/nonexistent/pocketsphinx_continuous', batchBinary: '/nonexistent/pocketsphinx_batch' });
    const withGrammar = broken.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES });
    withGrammar.write(new Int16Array(160));
    await expect(withGrammar.finish()).rejects.toThrow(/could not run.*pocketsphinx_batch/);
    const generic = broken.start({ sampleRate: 8000, language: 'en-US' });
    generic.write(new Int16Array(160));
    await expect(generic.finish()).rejects.toThrow(/could not run.*pocketsphinx_continuous/);
  });

  it("explains a decoder failure with its log's errors (a model directory without the acoustic model)", async () => {
    const modelDir = await mkdtemp(join(tmpdir(), 'pocketsphinx-test-model-'));
    try {
      await symlink('/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict', join(modelDir, 'cmudict-en-us.dict'));
      const broken = new PocketsphinxStt({ modelDir, logger: { warn: () => {} } });
      const stream = broken.start({ sampleRate: 8000, language: 'en-US', phrases: PHRASES });
      stream.write(new Int16Array(1600));
      await expect(stream.finish()).rejects.toThrow(/pocketsphinx exited with 1: .*(ERROR|FATAL).*en-us/);
    } finally {
      await rm(modelDir, { recursive: true, force: true });
    }
  });
});
