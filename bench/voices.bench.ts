/**
 * Issue 31: should flite's voices join espeak-ng's as offline voices? The issue asks for them "if a listening check
 * and the recognizer agree it is clearer". This bench is the recognizer's half: the agent's kind of sentences
 * (greetings, offers with days and times, confirmations, numbers) said by each offline voice, put through the
 * phone path (8 kHz, µ-law and back), and recognized by pocketsphinx's general US English model (no grammar: a
 * listener who does not know the sentence). It prints each voice's word error rate, side by side in one run, with
 * its speaking rate and the time to its first audio. Lower is clearer to a machine that has to understand it; it
 * is no substitute for a person listening, which this machine cannot do.
 *
 *   npm run bench -- voices     (flite voices only when Debian's flite is installed)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { decodeG711, encodeG711 } from '../src/media/rtp/g711.js';
import { PocketsphinxStt } from '../src/media/speech/stt/pocketsphinx.js';
import { table } from './support.js';

const SENTENCES = [
  'Hello, this is Acme Dental. How can I help you today?',
  'We have Tuesday at ten in the morning. Shall I book it?',
  'You are booked for Thursday at half past three.',
  'Our office is open from nine to five, Monday to Friday.',
  'Could you tell me your name, please?',
  'I have sent the confirmation to your phone.',
  'Sorry, I did not catch that. Could you say that again?',
  'The appointment is with doctor Smith on the second floor.',
  'Your number is four one five, five five five, zero one two three.',
  'Please arrive ten minutes early and bring your insurance card.',
  'Is there anything else I can help you with?',
  'Thank you for calling. Goodbye.',
];

interface OfflineVoice {
  name: string;
  /** Raw 8 kHz PCM16 of `text`. */
  say: (text: string) => Buffer;
}

const toPhone8k = (args: string[], input?: Buffer): Buffer => {
  const run = spawnSync('sh', ['-c', args.join(' ')], { input, maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(run.stderr.toString());
  return run.stdout;
};
const SOX_8K = 'sox -q -D -t wav - -t raw -e signed -b 16 -c 1 - rate 8000';

function espeak(voice: string): OfflineVoice {
  return { name: `espeak-ng ${voice}`, say: (text) => toPhone8k([`espeak-ng --stdout -v ${voice} "$(cat)" | ${SOX_8K}`], Buffer.from(text)) };
}
function flite(voice: string): OfflineVoice {
  return { name: `flite ${voice}`, say: (text) => toPhone8k([`flite -voice ${voice} -t "$(cat)" -o /dev/stdout | ${SOX_8K}`], Buffer.from(text)) };
}

function hasFlite(): boolean {
  try {
    execFileSync('which', ['flite'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Through the µ-law codec and back, as a caller on a phone hears it. */
function phonePath(raw: Buffer): Int16Array {
  const pcm = new Int16Array(raw.length >> 1);
  for (let i = 0; i < pcm.length; i++) pcm[i] = raw.readInt16LE(i * 2);
  return decodeG711('PCMU', encodeG711('PCMU', pcm));
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Word-level edit distance. */
function edits(ref: string[], hyp: string[]): number {
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    row = next;
  }
  return row[hyp.length];
}

async function recognize(stt: PocketsphinxStt, pcm: Int16Array): Promise<string> {
  const stream = stt.start({ sampleRate: 8000, language: 'en-US' });
  for (let at = 0; at < pcm.length; at += 160) stream.write(pcm.subarray(at, at + 160));
  stream.write(new Int16Array(8000)); // a second of silence after the sentence, as a turn ends
  return (await stream.finish()).text;
}

export async function run(): Promise<void> {
  const voices = [espeak('en-us'), espeak('en-us+f3'), espeak('en-gb+m3')];
  if (hasFlite()) voices.push(flite('slt'), flite('kal'), flite('awb'), flite('rms'));
  else console.log('voices bench: flite is not installed (apt-get install flite): espeak-ng voices only');
  const stt = new PocketsphinxStt();
  const rows: string[][] = [];
  for (const voice of voices) {
    let errors = 0;
    let total = 0;
    let seconds = 0;
    let firstAudioMs = 0;
    for (const sentence of SENTENCES) {
      const started = performance.now();
      const raw = voice.say(sentence);
      firstAudioMs += performance.now() - started;
      const pcm = phonePath(raw);
      seconds += pcm.length / 8000;
      const heard = await recognize(stt, pcm);
      const ref = words(sentence);
      errors += edits(ref, words(heard));
      total += ref.length;
    }
    rows.push([
      voice.name,
      `${((100 * errors) / total).toFixed(1)} %`,
      `${errors}/${total}`,
      String(Math.round((total / seconds) * 60)),
      (firstAudioMs / SENTENCES.length).toFixed(0),
    ]);
  }
  console.log('\noffline voices through the phone path, recognized by pocketsphinx en-us (general model, no grammar)');
  console.log(table([['voice', 'word error rate', 'errors/words', 'words/min', 'whole sentence ms'], ...rows]));
  console.log('  (lower word error rate: clearer to a listener who does not know the sentence; whole sentence ms: synthesis + sox per sentence)');
}
