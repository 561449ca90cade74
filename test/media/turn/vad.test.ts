import { afterEach, beforeEach, describe, it, expect } from '@jest/globals';
import { Vad } from '../../../src/media/turn/vad.js';
import { concat, frames, lineNoise, speak, tone } from '../speech/audio.js';

function voicedFrames(vad: Vad, pcm: Int16Array): boolean[] {
  return frames(pcm).map((f) => vad.isSpeech(f));
}

describe('Vad (WebRTC VAD, wasm)', () => {
  let vad: Vad;
  beforeEach(async () => {
    vad = await Vad.create(3);
  });
  afterEach(() => vad.close());

  it('finds speech in espeak-ng audio on the phone path', async () => {
    const speech = await speak('I would like to book an appointment for Tuesday', 'alloy');
    const flags = voicedFrames(vad, speech);
    const share = flags.filter(Boolean).length / flags.length;
    console.log(`VAD: ${(share * 100).toFixed(0)}% of ${flags.length} espeak frames voiced`);
    expect(share).toBeGreaterThan(0.5);
  });

  it('finds none in digital silence or quiet line noise once it has learnt the line (after 200 ms)', async () => {
    // Measured: a fresh WebRTC VAD (or one that heard digital silence) flags the first 80–100 ms of line
    // noise as voiced while it adapts its noise model; TurnDetector's warm-up skips that.
    for (const mode of [0, 1, 2, 3] as const) {
      for (const [amplitude, seed] of [
        [30, 1],
        [100, 3],
        [200, 7],
        [500, 9],
      ]) {
        const v = await Vad.create(mode);
        expect(voicedFrames(v, new Int16Array(1600)).some(Boolean)).toBe(false);
        const flags = voicedFrames(v, lineNoise(3000, amplitude, seed));
        expect(flags.slice(10).some(Boolean)).toBe(false);
        v.close();
      }
    }
  });

  it('DTMF tones: what the VAD says (documented, not a requirement)', () => {
    // Key 5 (770 + 1336 Hz) for 100 ms, then 100 ms gap, three times: the length of a typical key press.
    const gap = new Int16Array(800);
    const flags = voicedFrames(vad, concat([tone(100, [770, 1336]), gap, tone(100, [770, 1336]), gap, tone(100, [770, 1336]), gap]));
    console.log(`VAD on DTMF key presses (100 ms tone / 100 ms gap): ${flags.map((f) => (f ? '1' : '0')).join('')}`);
    const long = voicedFrames(vad, tone(1000, [941, 1336]));
    console.log(`VAD on a 1 s DTMF 0: ${long.filter(Boolean).length}/${long.length} frames voiced`);
  });

  it('refuses frames that are not 20 ms', () => {
    expect(() => vad.isSpeech(new Int16Array(80))).toThrow(/160 samples/);
  });
});
