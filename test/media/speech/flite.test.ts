import { describe, it, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FLITE_VOICES, FliteTts, OfflineTts } from '../../../src/media/speech/tts/flite.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import type { TextToSpeech } from '../../../src/media/speech/text-to-speech.js';
import { decodeG711, encodeG711 } from '../../../src/media/rtp/g711.js';

/** flite's offline voices (issue 31): the catalogue's flite-* ids, on the phone path, heard by the grammar recognizer. */
const PHRASE = 'I would like to book an appointment';

async function all(tts: TextToSpeech, text: string, voice: string): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of tts.synthesize(text, { voice, language: 'en-US' })) chunks.push(chunk);
  const out = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Seconds of audio flite itself writes for the text. */
function fliteSeconds(text: string, voice: string): number {
  const dir = mkdtempSync(join(tmpdir(), 'vp-flite-'));
  try {
    writeFileSync(join(dir, 't'), text);
    spawnSync('flite', ['-voice', voice, '-f', join(dir, 't'), '-o', join(dir, 'o.wav')]);
    const wav = readFileSync(join(dir, 'o.wav'));
    return (wav.length - 44) / 2 / wav.readUInt32LE(24);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('FliteTts', () => {
  const flite = new FliteTts();

  it("yields 8 kHz audio as long as flite's own, for each catalogue voice; a text starting with '-' is said, not taken as an option", async () => {
    for (const [id, voice] of Object.entries(FLITE_VOICES)) {
      const pcm = await all(flite, PHRASE, id);
      const expected = fliteSeconds(PHRASE, voice);
      expect(Math.abs(pcm.length / 8000 - expected)).toBeLessThan(0.05);
      expect(Math.max(...pcm.map(Math.abs))).toBeGreaterThan(3000);
    }
    expect((await all(flite, '-voice rms -o /tmp/x', 'flite-kal')).length).toBeGreaterThan(8000);
  });

  it('is heard as the phrase by the grammar recognizer through the µ-law phone path, every voice', async () => {
    const stt = new PocketsphinxStt();
    for (const id of Object.keys(FLITE_VOICES)) {
      const pcm = decodeG711('PCMU', encodeG711('PCMU', await all(flite, PHRASE, id)));
      const stream = stt.start({ sampleRate: 8000, language: 'en-US', phrases: [PHRASE, 'yes', 'no', 'goodbye'] });
      for (let at = 0; at < pcm.length; at += 160) stream.write(pcm.subarray(at, at + 160));
      stream.write(new Int16Array(4000));
      const result = await stream.finish();
      expect({ id, text: result.text }).toEqual({ id, text: PHRASE.toLowerCase() });
    }
  });

  it('stops when aborted (barge-in), without an error', async () => {
    const controller = new AbortController();
    controller.abort();
    const none: Int16Array[] = [];
    for await (const chunk of flite.synthesize(PHRASE, { voice: 'flite-kal', language: 'en-US', signal: controller.signal })) none.push(chunk);
    expect(none).toEqual([]);
  });
});

describe('OfflineTts', () => {
  it('speaks flite-* voices with flite, every other voice with espeak-ng, and flite voices with espeak-ng where flite is missing', async () => {
    const espeak = new EspeakNgTts();
    const flite = new FliteTts();
    const both = new OfflineTts(espeak, flite);
    const same = (a: Int16Array, b: Int16Array) => a.length === b.length && a.every((s, i) => s === b[i]);
    expect(same(await all(both, 'Hello.', 'flite-rms'), await all(flite, 'Hello.', 'flite-rms'))).toBe(true);
    expect(same(await all(both, 'Hello.', 'nova'), await all(espeak, 'Hello.', 'nova'))).toBe(true);
    const espeakOnly = new OfflineTts(espeak, undefined);
    expect(same(await all(espeakOnly, 'Hello.', 'flite-rms'), await all(espeak, 'Hello.', 'default'))).toBe(true);
  });
});
