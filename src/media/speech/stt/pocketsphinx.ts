import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resampler } from '../resample.js';
import { spawnDirect, type SpawnSpeechProcess, type SpeechProcess } from '../process-host.js';
import type { SpeechToText, SttOptions, SttResult, SttStream } from '../speech-to-text.js';

export interface PocketsphinxOptions {
  /** Debian's pocketsphinx-en-us layout. */
  modelDir?: string;
  binary?: string;
  /** finish() rejects when the decoder has not answered by then. */
  timeoutMs?: number;
  /** Where dropped grammar words are reported (a pino logger fits). */
  logger?: { warn(details: object, message: string): void };
  /** How decoders are started: the media runtime passes its ProcessHost's (no fork on the event loop that paces RTP). */
  spawn?: SpawnSpeechProcess;
}

/**
 * Offline speech recognition with Debian 12's pocketsphinx (0.8+5prealpha:
 * the `pocketsphinx_continuous` binary; the newer single `pocketsphinx` CLI
 * is not packaged here) and the pocketsphinx-en-us model.
 *
 * As measured, what makes it exact on phone audio: 16 kHz input with
 * low white noise mixed in (8 kHz audio upsampled is digital zero above
 * 4 kHz, which makes the live cepstral mean drift and the decoder return
 * nothing) and a JSGF grammar built from the agent's phrases. Without
 * phrases it falls back to the generic trigram model, which gets synthetic
 * speech wrong: use it for logs, never for assertions or routing.
 *
 * One decoder process per utterance, spawned by start(): start-up (model and
 * grammar load) measured about 70 ms, which overlaps with the caller still
 * speaking, and the audio is piped in as it arrives, so finish() only waits
 * for the decoder to catch up with the last 128 ms it buffers and to search
 * the end of the utterance. A warm pool would save nothing the caller hears.
 */
export class PocketsphinxStt implements SpeechToText {
  private readonly modelDir: string;
  private readonly binary: string;
  private readonly timeoutMs: number;
  private readonly logger: NonNullable<PocketsphinxOptions['logger']>;
  private readonly spawn: SpawnSpeechProcess;
  private words: Promise<Set<string>> | undefined;
  private readonly grammars = new Map<string, Promise<string>>();

  constructor(options: PocketsphinxOptions = {}) {
    this.modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.spawn = options.spawn ?? spawnDirect;
    this.logger = options.logger ?? { warn: (details, message) => console.warn(message, details) };
  }

  start(options: SttOptions): SttStream {
    if (options.sampleRate !== 8000) throw new Error(`pocketsphinx stream: sampleRate must be 8000, got ${options.sampleRate}`);
    if (!options.language.toLowerCase().startsWith('en')) throw new Error(`pocketsphinx has only the en-US model, not ${options.language}`);
    return new PocketsphinxStream(this.args(options.phrases), this.binary, this.timeoutMs, this.spawn);
  }

  /** The decoder's arguments: a grammar from the phrases, else the generic model. */
  private async args(phrases: string[] | undefined): Promise<string[]> {
    const common = [
      '-infile',
      '/dev/stdin',
      '-hmm',
      join(this.modelDir, 'en-us'),
      '-dict',
      join(this.modelDir, 'cmudict-en-us.dict'),
      '-samprate',
      '16000',
      '-remove_silence',
      'no',
      '-logfn',
      '/dev/null',
    ];
    const grammar = phrases?.length ? buildGrammar(phrases, await this.dictionary()) : null;
    if (grammar?.dropped.length) this.logger.warn({ dropped: grammar.dropped }, 'pocketsphinx: words not in the dictionary left out of the grammar');
    if (!grammar?.alternatives.length) return [...common, '-lm', join(this.modelDir, 'en-us.lm.bin')];
    return [...common, '-jsgf', await this.grammarFile(grammar.jsgf)];
  }

  /** The dictionary's words (alternate pronunciations `word(2)` folded), read once. */
  private dictionary(): Promise<Set<string>> {
    this.words ??= readFile(join(this.modelDir, 'cmudict-en-us.dict'), 'utf8').then((text) => {
      const words = new Set<string>();
      for (const line of text.split('\n')) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (word) words.add(word);
      }
      return words;
    });
    return this.words;
  }

  /** Grammar files are named by their content's hash, written once (atomically) and reused by every stream and process. */
  private grammarFile(jsgf: string): Promise<string> {
    const hash = createHash('sha256').update(jsgf).digest('hex').slice(0, 24);
    let file = this.grammars.get(hash);
    if (!file) {
      const path = join(tmpdir(), `pocketsphinx-${hash}.gram`);
      const temp = `${path}.${process.pid}.tmp`;
      file = writeFile(temp, jsgf)
        .then(() => rename(temp, path))
        .then(() => path);
      file.catch(() => this.grammars.delete(hash));
      this.grammars.set(hash, file);
    }
    return file;
  }
}

/**
 * A JSGF grammar accepting exactly one of the phrases. Phrases are
 * lower-cased and stripped of punctuation; words the dictionary lacks are
 * dropped from their phrase (the rest still identifies it), and a phrase left
 * empty is dropped.
 */
export function buildGrammar(
  phrases: string[],
  dictionary: Set<string>,
): { jsgf: string; alternatives: string[]; dropped: { phrase: string; words: string[] }[] } {
  const alternatives = new Set<string>();
  const dropped: { phrase: string; words: string[] }[] = [];
  for (const phrase of phrases) {
    const words = phrase
      .toLowerCase()
      .replace(/[^a-z0-9' ]+/g, ' ')
      .split(/\s+/)
      .map((w) => w.replace(/^'+|'+$/g, ''))
      .filter(Boolean);
    const known = words.filter((w) => dictionary.has(w));
    if (known.length < words.length) dropped.push({ phrase, words: words.filter((w) => !dictionary.has(w)) });
    if (known.length) alternatives.add(known.join(' '));
  }
  const list = [...alternatives];
  return { jsgf: `#JSGF V1.0;\ngrammar agent;\npublic <utterance> = ${list.join(' | ')};\n`, alternatives: list, dropped };
}

/** 16 kHz white noise at 1% of full scale (as `sox … whitenoise vol 0.01`), from a fixed seed so tests repeat exactly. */
const NOISE_AMPLITUDE = 328;
const NOISE_SEED = 0x5eed;

class PocketsphinxStream extends EventEmitter implements SttStream {
  private child: SpeechProcess | undefined;
  private pending: Buffer[] = [];
  private readonly upsampler = new Resampler(8000, 16000);
  private rng = mulberry32(NOISE_SEED);
  private state: 'open' | 'finishing' | 'done' = 'open';
  private stdout = '';
  private stderr = '';
  private readonly exited: Promise<{ code: number | null; error?: Error }>;
  private failed: Error | undefined;

  constructor(
    args: Promise<string[]>,
    binary: string,
    private readonly timeoutMs: number,
    spawn: SpawnSpeechProcess,
  ) {
    super();
    this.exited = args.then(
      (argv) => {
        if (this.state === 'done') return { code: null, error: new Error('aborted') };
        // Node's stdio "pipes" are socketpairs, which pocketsphinx_continuous cannot fopen() as /dev/stdin
        // (ENXIO): `cat` copies them into a real pipe. Its own process group, so abort() kills both.
        const child = spawn('sh', ['-c', 'cat | exec "$0" "$@"', binary, ...argv], { detached: true });
        this.child = child;
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          this.stdout += d;
        });
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          this.stderr = (this.stderr + d).slice(-2000);
        });
        child.stdin.on('error', () => {}); // EPIPE if the decoder died: its exit code tells why
        for (const chunk of this.pending) child.stdin.write(chunk);
        this.pending = [];
        if (this.state === 'finishing') child.stdin.end();
        return new Promise((resolve) => {
          child.once('error', (error) => resolve({ code: null, error }));
          child.once('close', (code) => resolve({ code }));
        });
      },
      (error: Error) => ({ code: null, error }),
    );
  }

  write(frame: Int16Array): void {
    if (this.state !== 'open') return;
    this.send(this.upsampler.process(frame));
  }

  async finish(): Promise<SttResult> {
    if (this.state !== 'open') throw new Error('pocketsphinx stream already finished or aborted');
    const started = performance.now();
    this.send(this.upsampler.flush());
    this.state = 'finishing';
    this.child?.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.abort();
        reject(new Error(`pocketsphinx gave no result within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      const { code, error } = await Promise.race([this.exited, timeout]);
      if (this.failed) throw this.failed;
      if (error) throw new Error(`pocketsphinx could not run: ${error.message}`);
      if (code === 127) throw new Error(`pocketsphinx could not run: ${this.stderr.trim()}`);
      if (code !== 0) throw new Error(`pocketsphinx exited with ${code}: ${this.stderr.trim()}`);
      const text = this.stdout
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      return { kind: text ? 'speech' : 'unrecognized', text, hypothesis: text, latencyMs: performance.now() - started };
    } finally {
      clearTimeout(timer);
      this.state = 'done';
    }
  }

  abort(): void {
    if (this.state === 'done') return;
    this.failed ??= new Error('pocketsphinx stream aborted');
    this.state = 'done';
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL', { group: true });
  }

  /** Adds the noise and hands 16 kHz PCM16 to the decoder, or holds it until the process is up. */
  private send(pcm16k: Int16Array): void {
    if (pcm16k.length === 0) return;
    const bytes = Buffer.alloc(pcm16k.length * 2);
    for (let i = 0; i < pcm16k.length; i++) {
      const v = pcm16k[i] + Math.round((this.rng() * 2 - 1) * NOISE_AMPLITUDE);
      bytes.writeInt16LE(v > 32767 ? 32767 : v < -32768 ? -32768 : v, i * 2);
    }
    if (this.child) this.child.stdin.write(bytes);
    else this.pending.push(bytes);
  }
}

/** A small seeded PRNG (uniform in [0, 1)): deterministic noise, unlike Math.random. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
