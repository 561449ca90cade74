import { describe, it, expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { EspeakNgTts, espeakVoiceFor } from '../../../src/media/speech/tts/espeak-ng.js';

const LONG =
  'Thank you for calling the clinic. I can help you book, change or cancel an appointment. ' +
  'Our office is open from nine in the morning until five in the evening, Monday through Friday. ' +
  'Please tell me what you would like to do today, and I will do my best to help you as quickly as possible. ' +
  'If you would rather speak with a person, say so at any time and I will transfer your call.';

/** Seconds of audio espeak-ng itself writes for the text (22,050 Hz, 44-byte header). */
function espeakSeconds(text: string, voice: string): number {
  const wav = spawnSync('espeak-ng', ['--stdout', '-v', voice, text]).stdout;
  return (wav.length - 44) / 2 / 22_050;
}

describe('EspeakNgTts', () => {
  const tts = new EspeakNgTts();

  it("yields 8 kHz audio as long as espeak-ng's own output, the first chunk before synthesis ends", async () => {
    const started = performance.now();
    let firstAt = 0;
    let samples = 0;
    let chunks = 0;
    let peak = 0;
    for await (const chunk of tts.synthesize(LONG, { voice: 'nova', language: 'en-US' })) {
      firstAt ||= performance.now() - started;
      chunks++;
      samples += chunk.length;
      for (const s of chunk) peak = Math.max(peak, Math.abs(s));
    }
    const totalMs = performance.now() - started;
    const expected = espeakSeconds(LONG, 'en-us+f3');
    console.log(
      `espeak-ng TTS: first chunk after ${firstAt.toFixed(1)} ms, whole ${(samples / 8000).toFixed(2)} s of audio in ${totalMs.toFixed(1)} ms, ${chunks} chunks`,
    );
    expect(Math.abs(samples / 8000 - expected) / expected).toBeLessThan(0.02);
    expect(peak).toBeGreaterThan(3000);
    expect(chunks).toBeGreaterThan(2);
    expect(firstAt).toBeLessThan(totalMs);
  });

  it('stops the synthesis when aborted (barge-in) and ends the iteration without an error', async () => {
    const controller = new AbortController();
    let samples = 0;
    for await (const chunk of tts.synthesize(`${LONG} ${LONG} ${LONG}`, { voice: 'echo', language: 'en-US', signal: controller.signal })) {
      samples += chunk.length;
      controller.abort();
    }
    expect(samples).toBeGreaterThan(0);
    expect(samples / 8000).toBeLessThan(espeakSeconds(LONG, 'en-us+m3'));
    // Aborted before it starts: nothing at all.
    const none: Int16Array[] = [];
    for await (const chunk of tts.synthesize('hello', { voice: 'echo', language: 'en-US', signal: controller.signal })) none.push(chunk);
    expect(none).toEqual([]);
  });

  it('breaking out of the loop stops espeak-ng too', async () => {
    let n = 0;
    for await (const _ of tts.synthesize(LONG, { voice: 'alloy', language: 'en-US' })) if (++n === 1) break;
    expect(n).toBe(1);
  });

  it('reports a missing binary as an error', async () => {
    const broken = new EspeakNgTts('/nonexistent/espeak-ng');
    await expect(
      (async () => {
        for await (const _ of broken.synthesize('hello', { voice: 'alloy', language: 'en-US' }));
      })(),
    ).rejects.toThrow(/espeak-ng/);
  });

  it('maps catalogue voices by language and gender, and unknown ids to the language default', () => {
    expect(espeakVoiceFor('nova', 'en-US')).toBe('en-us+f3');
    expect(espeakVoiceFor('en-GB-RyanNeural', 'en-GB')).toBe('en-gb+m3');
    expect(espeakVoiceFor('de-DE-ConradNeural', 'de-DE')).toBe('de+m3');
    expect(espeakVoiceFor('default', 'en-GB')).toBe('en-gb');
    expect(espeakVoiceFor('some-clone', 'es-MX')).toBe('es');
    expect(espeakVoiceFor('default', 'xx-YY')).toBe('en-us');
  });
});
