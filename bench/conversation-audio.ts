/**
 * Labelled caller audio for the conversation bench (issue 31, item 7): what a
 * caller says, rendered as the bench's caller sends it (headerless 8 kHz
 * µ-law), each utterance with what the agent must do about it. The inputs are
 * ones the recognizer was not tuned on: four espeak-ng voices at 140-200 words
 * a minute (and flite's kal voice when `flite` is installed), low brown or
 * pink noise under some utterances, pauses of 0.4-1.2 s inside a sentence,
 * numbers read in groups, backchannels and real interruptions said while the
 * agent talks, off-script questions and a name.
 *
 * Limits: the voices are synthetic (no accents, hesitations or breathing),
 * and a pause is digital silence (under noise when the utterance has noise). The pieces around a pause are cut
 * to their speech, so the pause is the labelled one (before that cut, espeak-ng's own silence made the 0.4-1.2 s
 * pauses 0.62-1.68 s long).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { decodeG711 } from '../src/media/rtp/g711.js';

/** What the agent must do about an utterance. */
export type Label =
  /** A task phrase of the agent's grammar: the agent answers with a line containing `reply`. */
  | { kind: 'task'; phrase: string; reply: string }
  /** Off-script speech: the agent asks again (a reprompt), and never acts on it. */
  | { kind: 'offscript' }
  /** An acknowledgement while the agent talks: the agent goes on. */
  | { kind: 'backchannel' }
  /** A task sentence said over the agent: the agent stops, then answers it with a line containing `reply`. */
  | { kind: 'interruption'; phrase: string; reply: string };

export interface Utterance {
  id: string;
  /** Words, and pauses in seconds between them. */
  parts: (string | number)[];
  voice: string;
  wpm: number;
  noise?: 'brownnoise' | 'pinknoise';
  /** Said once the agent has finished talking, or this many ms into the agent's next stretch of speech. */
  when: 'after' | { duringMs: number };
  label: Label;
}

/** An utterance as the caller sends it, with the 20 ms frames where the speech begins and ends. */
export interface Clip {
  audio: Buffer;
  firstVoicedFrame: number;
  lastVoicedFrame: number;
}

const RATE = 8000;
/** Noise under speech, peak amplitude as a fraction of full scale (about −46 dBFS). */
const NOISE_VOLUME = 0.005;

export const hasFlite = (() => {
  try {
    execFileSync('which', ['flite'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** An utterance is paused when its words are split by a pause: the agent must wait for the rest. */
export const isPaused = (u: Utterance) => u.parts.some((p) => typeof p === 'number');
export const utteranceText = (u: Utterance) => u.parts.filter((p): p is string => typeof p === 'string').join(' ');

/** Voice `flite:kal` uses flite when installed, else it falls back to espeak-ng's en-us+f3 (said in the output). */
export const voiceUsed = (voice: string) => (voice.startsWith('flite:') && !hasFlite ? 'en-us+f3' : voice);

/** sox effects that cut the silence before and after speech (below −50 dBFS, the turn detector's floor). */
const TRIM_SILENCE = ['silence', '1', '0.02', '-50d', 'reverse', 'silence', '1', '0.02', '-50d', 'reverse'];

/**
 * Speaks `text` into a WAV of its own. `trim` cuts the synthesizer's own leading and trailing silence (espeak-ng adds
 * 0.1-0.5 s), so a pause written between two pieces is the silence the caller really leaves.
 */
function speak(dir: string, text: string, voice: string, wpm: number, name: string, trim: boolean): string {
  const raw = join(dir, `${name}.raw.wav`);
  const out = join(dir, `${name}.wav`);
  const used = voiceUsed(voice);
  if (used.startsWith('flite:')) execFileSync('flite', ['-voice', used.slice(6), '-t', text, '-o', raw]);
  else execFileSync('espeak-ng', ['-v', used, '-s', String(wpm), '-w', raw, text]);
  // Undithered, so a run repeats exactly (decision 0059: dither flipped borderline utterances between runs).
  execFileSync('sox', ['-D', raw, '-r', String(RATE), '-c', '1', '-b', '16', out, ...(trim ? TRIM_SILENCE : [])]);
  rmSync(raw);
  return out;
}

/** The 20 ms frames of 16-bit PCM louder than −50 dBFS (the turn detector's floor): the first and the last. */
function voicedFrames(pcm: Int16Array): { first: number; last: number } {
  let first = -1;
  let last = 0;
  for (let f = 0; (f + 1) * 160 <= pcm.length; f++) {
    let sum = 0;
    for (let i = f * 160; i < (f + 1) * 160; i++) sum += pcm[i] * pcm[i];
    if (Math.sqrt(sum / 160) < 100) continue;
    if (first < 0) first = f;
    last = f;
  }
  return { first: Math.max(0, first), last };
}

/** Renders one utterance into `dir` (its files are removed after): the µ-law the caller sends and its voiced frames. */
export function renderUtterance(dir: string, u: Utterance): Clip {
  const pieces: string[] = [];
  u.parts.forEach((part, i) => {
    const name = `${u.id}-${i}`;
    if (typeof part === 'string') pieces.push(speak(dir, part, u.voice, u.wpm, name, isPaused(u)));
    else {
      const file = join(dir, `${name}.wav`);
      execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', file, 'trim', '0', String(part)]);
      pieces.push(file);
    }
  });
  const joined = join(dir, `${u.id}.wav`);
  execFileSync('sox', [...pieces, joined]);
  // The frames are found on the clean speech: noise under it must not move where the caller's words end.
  const clean = execFileSync('sox', ['-D', joined, '-t', 'ul', '-'], { maxBuffer: 16 << 20 });
  const { first, last } = voicedFrames(decodeG711('PCMU', clean));
  let audio = clean;
  if (u.noise) {
    const seconds = clean.length / RATE;
    const noise = join(dir, `${u.id}-noise.wav`);
    execFileSync('sox', ['-n', '-r', String(RATE), '-c', '1', '-b', '16', noise, 'synth', String(seconds), u.noise, 'vol', String(NOISE_VOLUME)]);
    audio = execFileSync('sox', ['-D', '-m', '-v', '1', joined, '-v', '1', noise, '-t', 'ul', '-'], { maxBuffer: 16 << 20 });
    rmSync(noise);
  }
  for (const file of [...pieces, joined]) rmSync(file, { force: true });
  return { audio, firstVoicedFrame: first, lastVoicedFrame: last };
}

// The demo desk agent's lines and phrases (conversation.bench.ts builds the agent from them).
export const GREETING =
  'Hello, this is Acme Dental, on Main Street next to the bank. We are open Monday to Friday from nine to five. How can I help you today?';
export const PHRASES = {
  book: 'I would like to book an appointment',
  yes: 'yes',
  hours: 'what are your opening hours',
  cancel: 'I need to cancel my appointment',
  number: 'my number is five five five one two three four',
};
export const REPLIES = {
  offer: 'We have Tuesday at ten in the morning, or Wednesday at two in the afternoon. Shall I book Tuesday for you?',
  booked: 'You are booked for Tuesday at ten. Goodbye.',
  hours: 'We are open from nine in the morning to five in the afternoon, Monday to Friday, and on Saturday mornings.',
  cancelled: 'Your appointment is cancelled. Is there anything else?',
  number: 'Thank you, I have noted your number.',
};
/** Lines that commit something: said only when the caller asked for them. */
export const ACTIONS: { line: string; askedBy: string }[] = [
  { line: 'You are booked', askedBy: PHRASES.yes },
  { line: 'is cancelled', askedBy: PHRASES.cancel },
];

const task = (phrase: keyof typeof PHRASES, reply: keyof typeof REPLIES): Label => ({ kind: 'task', phrase: PHRASES[phrase], reply: REPLIES[reply] });
const interruption = (phrase: keyof typeof PHRASES, reply: keyof typeof REPLIES): Label => ({
  kind: 'interruption',
  phrase: PHRASES[phrase],
  reply: REPLIES[reply],
});
const backchannel: Label = { kind: 'backchannel' };
const offscript: Label = { kind: 'offscript' };

/** One call's script: what the caller says, in order. The name says what the call is about. */
export interface Script {
  name: string;
  utterances: Utterance[];
}

/**
 * The scripts of the conversation bench: every labelled kind, spread over voices, speeds and noise. A call ends
 * when its last reply was heard (or the agent hangs up: only the booking script asks for that).
 */
export const SCRIPTS: Script[] = [
  {
    name: 'booking',
    utterances: [
      { id: 'b1', parts: ['okay'], voice: 'en-us', wpm: 170, when: { duringMs: 2000 }, label: backchannel },
      { id: 'b2', parts: [PHRASES.book], voice: 'en-us+f3', wpm: 160, when: 'after', label: task('book', 'offer') },
      { id: 'b3', parts: ['yeah'], voice: 'en-gb', wpm: 180, when: { duringMs: 1500 }, label: backchannel },
      { id: 'b4', parts: ['yes'], voice: 'en-us+m3', wpm: 150, when: 'after', label: task('yes', 'booked') },
    ],
  },
  {
    name: 'paused',
    utterances: [
      { id: 'p1', parts: ['what are your', 0.6, 'opening hours'], voice: 'en-gb', wpm: 180, noise: 'brownnoise', when: 'after', label: task('hours', 'hours') },
      {
        id: 'p2',
        parts: ['my number is five five five', 0.9, 'one two three four'],
        voice: 'en-us+m3',
        wpm: 150,
        when: 'after',
        label: task('number', 'number'),
      },
      // A complete task phrase between the paused ones: two unrecognized turns in a row end the call (not_understood);
      // the longest pause comes last for the same reason.
      { id: 'p5', parts: [PHRASES.hours], voice: 'en-us', wpm: 175, when: 'after', label: task('hours', 'hours') },
      {
        id: 'p4',
        parts: ['I would like to', 0.4, 'book an appointment'],
        voice: 'flite:kal',
        wpm: 170,
        noise: 'pinknoise',
        when: 'after',
        label: task('book', 'offer'),
      },
      { id: 'p3', parts: ['I need to', 1.2, 'cancel my appointment'], voice: 'en-us', wpm: 140, when: 'after', label: task('cancel', 'cancelled') },
    ],
  },
  {
    name: 'off-script',
    utterances: [
      { id: 'o1', parts: ['What time do you close today?'], voice: 'en-us', wpm: 175, when: 'after', label: offscript },
      { id: 'o2', parts: [PHRASES.hours], voice: 'en-gb', wpm: 190, when: 'after', label: task('hours', 'hours') },
      { id: 'o3', parts: ['My name is Priya Raman'], voice: 'en-gb', wpm: 190, noise: 'pinknoise', when: 'after', label: offscript },
      { id: 'o4', parts: [PHRASES.cancel], voice: 'en-us+f3', wpm: 200, when: 'after', label: task('cancel', 'cancelled') },
      { id: 'o5', parts: ['Is there parking?'], voice: 'en-us+m3', wpm: 160, when: 'after', label: offscript },
    ],
  },
  {
    name: 'interruptions',
    utterances: [
      { id: 'i1', parts: [PHRASES.book], voice: 'en-us+m3', wpm: 165, noise: 'brownnoise', when: { duringMs: 2500 }, label: interruption('book', 'offer') },
      { id: 'i2', parts: ['uh huh'], voice: 'en-us', wpm: 170, when: { duringMs: 1500 }, label: backchannel },
      { id: 'i3', parts: [PHRASES.hours], voice: 'en-us+f3', wpm: 185, when: { duringMs: 1200 }, label: interruption('hours', 'hours') },
      { id: 'i4', parts: ['right'], voice: 'en-gb', wpm: 170, when: { duringMs: 2000 }, label: backchannel },
    ],
  },
];

/** The capacity probe's script: short, every kind a talking caller brings (a backchannel, a task, an interruption). */
export const PROBE_SCRIPT: Script = {
  name: 'probe',
  utterances: [
    { id: 'c1', parts: ['okay'], voice: 'en-us', wpm: 170, when: { duringMs: 1500 }, label: backchannel },
    { id: 'c2', parts: [PHRASES.book], voice: 'en-gb', wpm: 175, when: 'after', label: task('book', 'offer') },
    { id: 'c3', parts: [PHRASES.hours], voice: 'en-us+f3', wpm: 170, when: { duringMs: 2000 }, label: interruption('hours', 'hours') },
  ],
};
