import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resampler } from '../resample.js';
import { spawnDirect, type SpawnSpeechProcess, type SpeechProcess } from '../process-host.js';
import type { SpeechToText, SttOptions, SttResult, SttStream } from '../speech-to-text.js';

export interface PocketsphinxOptions {
  /** Debian's pocketsphinx-en-us layout. */
  modelDir?: string;
  /** The streaming decoder, used with the generic language model (no phrases). */
  binary?: string;
  /** The whole-utterance decoder, used with a grammar (phrases given). */
  batchBinary?: string;
  /** finish() rejects when the decoder has not answered by then. */
  timeoutMs?: number;
  /** Where dropped grammar words are reported (a pino logger fits). */
  logger?: { warn(details: object, message: string): void };
  /** How decoders are started: the media runtime passes its ProcessHost's (no fork on the event loop that paces RTP). */
  spawn?: SpawnSpeechProcess;
  /** Where grammar, dictionary and utterance files are written (a tmpfs fits); the system's temporary directory by default. */
  workDir?: string;
}

/**
 * Offline speech recognition with Debian 12's pocketsphinx (0.8+5prealpha:
 * `pocketsphinx_continuous` and `pocketsphinx_batch`; the newer single
 * `pocketsphinx` CLI is not packaged here) and the pocketsphinx-en-us model.
 *
 * Phone audio is upsampled to 16 kHz with low white noise mixed in (8 kHz
 * audio upsampled is digital zero above 4 kHz, which makes the cepstral mean
 * drift and the decoder return nothing).
 *
 * With phrases (the agent's and the call-control ones), the search is a JSGF
 * grammar of the phrases or a loop of the 39 phones ("garbage"), with a low
 * word insertion penalty (`-wip 1e-3`), decoded over the whole utterance by
 * `pocketsphinx_batch` at finish(). Speech that is none of the phrases comes
 * out as phones and is `unrecognized`, instead of being forced onto the
 * nearest phrase (decision 0059; the research measured 1 of 144 off-script
 * utterances taken as a task phrase, against 100 of 144 with the closed
 * grammar). The decoder's dictionary holds only the grammar's words and the
 * phone words: process start and model load take about 15 ms with it, 95 ms
 * with the whole cmudict (which lacks the phone words anyway). The garbage loop
 * only works on the whole utterance: the streaming decoder with the same
 * grammar took every utterance as garbage (docs/research/offline-rejection).
 * The cost is the decode after the caller stopped: finish() → result measured
 * a median of 64 ms (p90 130 ms) against 15 ms when streaming the closed
 * grammar. Starting the process early (at start(), the control list written
 * at finish()) saved nothing measurable, since the load is those 15 ms and
 * the rest is the search itself.
 *
 * Without phrases it streams into `pocketsphinx_continuous` with the generic
 * trigram model (about 1.75 s of CPU per utterance, hidden behind the
 * caller's speech), which gets synthetic speech wrong: use it for logs, never
 * for assertions or routing.
 */
export class PocketsphinxStt implements SpeechToText {
  private readonly modelDir: string;
  private readonly decoder: Decoder;
  private readonly logger: NonNullable<PocketsphinxOptions['logger']>;
  private pronunciations: Promise<Map<string, string>> | undefined;
  private readonly files = new Map<string, Promise<string>>();

  constructor(options: PocketsphinxOptions = {}) {
    this.modelDir = options.modelDir ?? '/usr/share/pocketsphinx/model/en-us';
    this.decoder = {
      binary: options.binary ?? 'pocketsphinx_continuous',
      batchBinary: options.batchBinary ?? 'pocketsphinx_batch',
      timeoutMs: options.timeoutMs ?? 10_000,
      workDir: options.workDir ?? tmpdir(),
      spawn: options.spawn ?? spawnDirect,
    };
    this.logger = options.logger ?? { warn: (details, message) => console.warn(message, details) };
  }

  start(options: SttOptions): SttStream {
    if (options.sampleRate !== 8000) throw new Error(`pocketsphinx stream: sampleRate must be 8000, got ${options.sampleRate}`);
    if (!options.language.toLowerCase().startsWith('en')) throw new Error(`pocketsphinx has only the en-US model, not ${options.language}`);
    return new PocketsphinxStream(this.search(options.phrases), this.decoder);
  }

  /** The decoder's search: a grammar of the phrases (or garbage), else the generic model when no phrase is usable. */
  private async search(phrases: string[] | undefined): Promise<Search> {
    const hmm = join(this.modelDir, 'en-us');
    if (phrases?.length) {
      const pronunciations = await this.dictionary();
      const grammar = buildGrammar(phrases, pronunciations);
      if (grammar.dropped.length) this.logger.warn({ dropped: grammar.dropped }, 'pocketsphinx: words not in the dictionary left out of the grammar');
      if (grammar.alternatives.length) {
        const [jsgf, dict] = await Promise.all([this.file(grammar.jsgf, 'gram'), this.file(buildDictionary(grammar.words, pronunciations), 'dict')]);
        return { kind: 'grammar', args: ['-hmm', hmm, '-dict', dict, '-jsgf', jsgf, '-wip', '1e-3', ...COMMON_ARGS] };
      }
    }
    const dict = join(this.modelDir, 'cmudict-en-us.dict');
    return {
      kind: 'lm',
      args: ['-infile', '/dev/stdin', '-hmm', hmm, '-dict', dict, '-lm', join(this.modelDir, 'en-us.lm.bin'), ...COMMON_ARGS, '-logfn', '/dev/null'],
    };
  }

  /** The dictionary's pronunciation lines by word (`word` and its alternates `word(2)`, …, newline-joined), read once. */
  private dictionary(): Promise<Map<string, string>> {
    this.pronunciations ??= readFile(join(this.modelDir, 'cmudict-en-us.dict'), 'utf8').then((text) => {
      const words = new Map<string, string>();
      for (const line of text.split('\n')) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (!word) continue;
        const known = words.get(word);
        words.set(word, known === undefined ? line : `${known}\n${line}`);
      }
      return words;
    });
    this.pronunciations.catch(() => (this.pronunciations = undefined));
    return this.pronunciations;
  }

  /** Grammar and dictionary files are named by their content's hash, written once (atomically) and reused by every stream and process. */
  private file(content: string, extension: string): Promise<string> {
    const hash = createHash('sha256').update(content).digest('hex').slice(0, 24);
    let file = this.files.get(hash);
    if (!file) {
      const path = join(this.decoder.workDir, `pocketsphinx-${hash}.${extension}`);
      const temp = `${path}.${process.pid}.tmp`;
      file = writeFile(temp, content)
        .then(() => rename(temp, path))
        .then(() => path);
      file.catch(() => this.files.delete(hash));
      this.files.set(hash, file);
    }
    return file;
  }
}

const COMMON_ARGS = ['-samprate', '16000', '-remove_silence', 'no'];

/**
 * The 39 phones of the en-us model, each a dictionary word (`gb_aa AA`) of
 * the garbage loop. Phrase words never contain `_` (buildGrammar keeps
 * [a-z0-9']), so a `gb_` word in a hypothesis is always garbage.
 */
const PHONES = 'AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH'.split(' ');
const GARBAGE_PREFIX = 'gb_';

/**
 * A JSGF grammar accepting one of the phrases or a run of phones (garbage).
 * Phrases are lower-cased and stripped of punctuation; words the dictionary
 * lacks are dropped from their phrase (the rest still identifies it), and a
 * phrase left empty is dropped. `words` are the phrase words the grammar uses.
 */
export function buildGrammar(
  phrases: string[],
  dictionary: { has(word: string): boolean },
): { jsgf: string; alternatives: string[]; words: string[]; dropped: { phrase: string; words: string[] }[] } {
  const alternatives = new Set<string>();
  const used = new Set<string>();
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
    for (const w of known) used.add(w);
  }
  const list = [...alternatives];
  const phones = PHONES.map((p) => GARBAGE_PREFIX + p.toLowerCase()).join(' | ');
  const jsgf = [
    '#JSGF V1.0;',
    'grammar agent;',
    'public <utterance> = /1/ <phrase> | /1/ <garbage>;',
    `<phrase> = ${list.join(' | ')};`,
    '<garbage> = <phone> <phone>*;',
    `<phone> = ${phones};`,
    '',
  ].join('\n');
  return { jsgf, alternatives: list, words: [...used], dropped };
}

/**
 * The decoder's dictionary for a grammar: the pronunciations of its words and
 * one word per phone. A few dozen lines instead of the 134k-word cmudict
 * (which also lacks the phone words); sorted, so equal grammars hash equally.
 */
export function buildDictionary(words: string[], pronunciations: ReadonlyMap<string, string>): string {
  const lines = [...new Set(words)].sort().map((w) => {
    const entry = pronunciations.get(w);
    if (entry === undefined) throw new Error(`pocketsphinx: "${w}" is not in the dictionary`);
    return entry;
  });
  return [...lines, ...PHONES.map((p) => `${GARBAGE_PREFIX}${p.toLowerCase()} ${p}`), ''].join('\n');
}

/**
 * What a grammar decode means. Confidence is a decision, not a probability:
 * 1 for a phrase with no garbage in it, 0 for garbage or nothing.
 */
export function interpretHypothesis(hypothesis: string): Pick<SttResult, 'kind' | 'text' | 'confidence' | 'hypothesis'> {
  const words = hypothesis.split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.some((w) => w.startsWith(GARBAGE_PREFIX)))
    return { kind: 'unrecognized', text: '', confidence: 0, hypothesis: words.join(' ') };
  return { kind: 'speech', text: words.join(' '), confidence: 1, hypothesis: words.join(' ') };
}

interface Decoder {
  workDir: string;
  binary: string;
  batchBinary: string;
  timeoutMs: number;
  spawn: SpawnSpeechProcess;
}

type Search = { kind: 'grammar' | 'lm'; args: string[] };

/** 16 kHz white noise at 1% of full scale (as `sox … whitenoise vol 0.01`), from a fixed seed so tests repeat exactly. */
const NOISE_AMPLITUDE = 328;
const NOISE_SEED = 0x5eed;

/** A started decoder process, its output collected. */
class Run {
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; error?: Error }>;

  constructor(readonly child: SpeechProcess) {
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.stdout += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-2000);
    });
    child.stdin.on('error', () => {}); // EPIPE if the decoder died: its exit code tells why
    this.exited = new Promise((resolve) => {
      child.once('error', (error: Error) => resolve({ code: null, error }));
      child.once('close', (code: number | null) => resolve({ code }));
    });
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL', { group: true });
  }

  /** Throws for a decoder that did not run or failed; `log` adds what its log file said. */
  check({ code, error }: { code: number | null; error?: Error }, log = ''): void {
    if (error) throw new Error(`pocketsphinx could not run: ${error.message}`);
    if (code === 127) throw new Error(`pocketsphinx could not run: ${this.stderr.trim()}`);
    if (code !== 0) throw new Error(`pocketsphinx exited with ${code}: ${(log || this.stderr).trim()}`);
  }
}

/**
 * One caller turn. With a grammar the 16 kHz audio is buffered and decoded
 * whole at finish(); with the generic model the decoder is started as soon as
 * the search is known and the audio is piped in as it arrives.
 */
class PocketsphinxStream extends EventEmitter implements SttStream {
  /** 16 kHz PCM not handed to a live decoder: the whole utterance for a grammar. */
  private audio: Buffer[] = [];
  private live: Run | undefined;
  /** Batch decoders running: the final one, and any peek(). */
  private readonly batches = new Set<Run>();
  private readonly upsampler = new Resampler(8000, 16000);
  private rng = mulberry32(NOISE_SEED);
  private state: 'open' | 'finishing' | 'done' = 'open';
  private failed: Error | undefined;
  private readonly ready: Promise<Search>;

  constructor(
    search: Promise<Search>,
    private readonly decoder: Decoder,
  ) {
    super();
    this.ready = search.then((s) => {
      if (s.kind === 'lm' && this.state !== 'done') this.startLive(s.args);
      return s;
    });
    this.ready.catch(() => {}); // finish() reports it
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
    this.live?.child.stdin.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.abort();
        reject(new Error(`pocketsphinx gave no result within ${this.decoder.timeoutMs} ms`));
      }, this.decoder.timeoutMs);
    });
    try {
      const result = await Promise.race([this.decode(), timeout]);
      return { ...result, latencyMs: performance.now() - started };
    } finally {
      clearTimeout(timer);
      this.state = 'done';
    }
  }

  /**
   * Decodes what was written so far, leaving the stream open: a turn policy asks whether the caller's words are
   * already a complete phrase. Only with a grammar (the whole-utterance decoder); the generic model's live
   * decoder has no answer before its input ends, so it says `unrecognized`.
   */
  async peek(): Promise<SttResult> {
    if (this.state !== 'open') throw new Error('pocketsphinx stream already finished or aborted');
    const started = performance.now();
    const search = await this.ready;
    if (search.kind !== 'grammar') return { kind: 'unrecognized', text: '', latencyMs: 0 };
    const result = await this.decodeWhole(search.args, Buffer.concat(this.audio));
    return { ...result, latencyMs: performance.now() - started, settled: true };
  }

  abort(): void {
    if (this.state === 'done') return;
    this.failed ??= new Error('pocketsphinx stream aborted');
    this.state = 'done';
    this.audio = [];
    this.live?.kill();
    for (const batch of this.batches) batch.kill();
  }

  private async decode(): Promise<Omit<SttResult, 'latencyMs'>> {
    const search = await this.ready.catch((error: Error) => {
      throw new Error(`pocketsphinx could not prepare its search: ${error.message}`);
    });
    if (this.failed) throw this.failed;
    if (search.kind === 'grammar') {
      const audio = Buffer.concat(this.audio);
      this.audio = [];
      return this.decodeWhole(search.args, audio);
    }
    const live = this.live!;
    const exit = await live.exited;
    if (this.failed) throw this.failed;
    live.check(exit);
    const text = live.stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join(' ');
    return { kind: text ? 'speech' : 'unrecognized', text, hypothesis: text };
  }

  /**
   * Runs `pocketsphinx_batch` on the buffered utterance, in a directory of its
   * own: the raw audio, a one-line control list naming it, the hypothesis and
   * the decoder's log (read only to explain a failure).
   */
  private async decodeWhole(args: string[], audio: Buffer): Promise<Omit<SttResult, 'latencyMs'>> {
    const dir = await mkdtemp(join(this.decoder.workDir, 'pocketsphinx-utt-'));
    let batch: Run | undefined;
    try {
      await Promise.all([writeFile(join(dir, 'utt.raw'), audio), writeFile(join(dir, 'ctl'), 'utt\n')]);
      if (this.failed) throw this.failed;
      const files = ['-adcin', 'yes', '-cepdir', dir, '-cepext', '.raw', '-ctl', join(dir, 'ctl'), '-hyp', join(dir, 'hyp'), '-logfn', join(dir, 'log')];
      batch = new Run(this.decoder.spawn(this.decoder.batchBinary, [...args, ...files], { detached: true }));
      this.batches.add(batch);
      batch.child.stdin.end();
      const exit = await batch.exited;
      if (this.failed) throw this.failed;
      batch.check(exit, exit.code ? await logErrors(join(dir, 'log')) : '');
      const line = (await readFile(join(dir, 'hyp'), 'utf8').catch(() => '')).trim();
      const match = /^(.*?)\s*\(utt -?\d+\)$/.exec(line);
      if (!match) throw new Error(`pocketsphinx gave no hypothesis for the utterance: ${(await logErrors(join(dir, 'log'))) || `"${line}"`}`);
      return interpretHypothesis(match[1]);
    } finally {
      if (batch) this.batches.delete(batch);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private startLive(args: string[]): void {
    // Node's stdio "pipes" are socketpairs, which pocketsphinx_continuous cannot fopen() as /dev/stdin
    // (ENXIO): `cat` copies them into a real pipe. Its own process group, so abort() kills both.
    const live = (this.live = new Run(this.decoder.spawn('sh', ['-c', 'cat | exec "$0" "$@"', this.decoder.binary, ...args], { detached: true })));
    for (const chunk of this.audio) live.child.stdin.write(chunk);
    this.audio = [];
    if (this.state === 'finishing') live.child.stdin.end();
  }

  /** Adds the noise and hands 16 kHz PCM16 to the live decoder, or keeps it for later. */
  private send(pcm16k: Int16Array): void {
    if (pcm16k.length === 0) return;
    const bytes = Buffer.alloc(pcm16k.length * 2);
    for (let i = 0; i < pcm16k.length; i++) {
      const v = pcm16k[i] + Math.round((this.rng() * 2 - 1) * NOISE_AMPLITUDE);
      bytes.writeInt16LE(v > 32767 ? 32767 : v < -32768 ? -32768 : v, i * 2);
    }
    if (this.live) this.live.child.stdin.write(bytes);
    else this.audio.push(bytes);
  }
}

/** The ERROR and FATAL lines of a decoder log (its INFO lines are noise), for error messages. */
async function logErrors(path: string): Promise<string> {
  const log = await readFile(path, 'utf8').catch(() => '');
  return log
    .split('\n')
    .filter((l) => /^(ERROR|FATAL)/.test(l))
    .slice(-3)
    .join('; ');
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
