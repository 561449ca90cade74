import { beforeAll, describe, it, expect } from '@jest/globals';
import { TurnDetector, type SpeechStart, type Turn, type TurnDetectorOptions } from '../../../src/media/turn/turn-detector.js';
import { Vad } from '../../../src/media/turn/vad.js';
import { concat, frames, lineNoise, speak, tone } from '../speech/audio.js';

interface Run {
  starts: (SpeechStart & { emittedAtMs: number })[];
  turns: Turn[];
}

/** Feeds a call's caller audio, 20 ms at a time, and records what the detector said and when (in call time). */
async function detect(pcm: Int16Array, options: TurnDetectorOptions = {}): Promise<Run> {
  const vad = await Vad.create(3);
  const detector = new TurnDetector(vad, options);
  const run: Run = { starts: [], turns: [] };
  let pushed = 0;
  detector.on('speechStart', (s) => run.starts.push({ ...s, emittedAtMs: pushed * 20 }));
  detector.on('turnEnd', (t) => run.turns.push(t));
  for (const f of frames(pcm)) {
    pushed++;
    detector.push(f);
  }
  vad.close();
  return run;
}

const ms = (pcm: Int16Array): number => (pcm.length / 8000) * 1000;

/** Where the audio first gets loud (the speech onset), in ms. */
function onsetMs(pcm: Int16Array): number {
  const i = pcm.findIndex((s) => Math.abs(s) > 1000);
  return (i / 8000) * 1000;
}

describe('TurnDetector', () => {
  let phrase: Int16Array;
  let other: Int16Array;
  beforeAll(async () => {
    phrase = await speak('I would like to book an appointment for Tuesday', 'nova');
    other = await speak('cancel my order', 'echo');
  });

  it('finds one utterance with plausible bounds, its pre-roll, and starts fast enough for barge-in', async () => {
    const call = concat([lineNoise(600), phrase, lineNoise(1000, 30, 2)]);
    const run = await detect(call);
    expect(run.starts).toHaveLength(1);
    expect(run.turns).toHaveLength(1);
    const [turn] = run.turns;
    const onset = 600 + onsetMs(phrase);
    const end = 600 + ms(phrase);
    console.log(
      `turn: speech ${onset.toFixed(0)}–${end.toFixed(0)} ms, detected ${turn.startMs}–${turn.endMs} ms, speechStart emitted at ${run.starts[0].emittedAtMs} ms`,
    );
    expect(turn.reason).toBe('silence');
    expect(turn.startMs).toBeGreaterThanOrEqual(onset - 60);
    expect(turn.startMs).toBeLessThanOrEqual(onset + 100);
    expect(turn.endMs).toBeGreaterThanOrEqual(end - 400);
    expect(turn.endMs).toBeLessThanOrEqual(end + 100);
    // Barge-in: the turn is announced within minSpeechMs (60) + one frame of the VAD's first voiced frame.
    expect(run.starts[0].emittedAtMs - run.starts[0].atMs).toBeLessThanOrEqual(80);
    // The streaming prefix is the start of the batch audio, which starts 200 ms (pre-roll) before the speech.
    const start = run.starts[0].audio;
    expect(Array.from(turn.audio.subarray(0, start.length))).toEqual(Array.from(start));
    expect(start.length).toBe(((200 + 60) / 1000) * 8000);
    expect(ms(turn.audio)).toBeGreaterThanOrEqual(200 + turn.endMs - turn.startMs + 500 - 20);
  });

  it('ignores short noises: 20 and 40 ms bursts (the VAD stays "voiced" 60–80 ms after them) and the first moments of line noise', async () => {
    const noise = (ms: number, seed: number): Int16Array => lineNoise(ms, 200, seed);
    const run = await detect(
      concat([noise(1000, 3), lineNoise(20, 12_000, 5), noise(1000, 4), lineNoise(40, 3000, 6), noise(600, 7), lineNoise(40, 12_000, 8), noise(600, 9)]),
    );
    expect(run.starts).toEqual([]);
    expect(run.turns).toEqual([]);
  });

  it('keeps one turn across a pause shorter than endOfTurnSilenceMs, and splits at a longer one', async () => {
    // espeak-ng's own audio already has about 200 ms of silence at the end of a sentence.
    const options = { endOfTurnSilenceMs: 600 };
    const short = await detect(concat([lineNoise(400), phrase, lineNoise(100), other, lineNoise(1000)]), options);
    expect(short.turns).toHaveLength(1);
    const long = await detect(concat([lineNoise(400), phrase, lineNoise(1000), other, lineNoise(1000)]), options);
    expect(long.turns).toHaveLength(2);
    expect(long.starts).toHaveLength(2);
    expect(long.turns[1].startMs).toBeGreaterThan(long.turns[0].endMs + 600);
  });

  it('cuts a turn at maxUtteranceMs while the caller talks on', async () => {
    const run = await detect(concat([lineNoise(400), phrase, lineNoise(800)]), { maxUtteranceMs: 1000 });
    expect(run.turns.length).toBeGreaterThanOrEqual(2);
    expect(run.turns[0].reason).toBe('max_length');
    expect(run.turns[0].endMs - run.turns[0].startMs).toBeLessThanOrEqual(1000);
    expect(run.turns.at(-1)!.reason).toBe('silence');
  });

  it('DTMF key presses in the audio: what happens (documented, not a requirement)', async () => {
    const gap = lineNoise(200, 30, 8);
    const run = await detect(concat([lineNoise(400), tone(100, [770, 1336]), gap, tone(100, [697, 1209]), gap, tone(60, [852, 1477]), lineNoise(800)]));
    console.log(
      `in-band DTMF (100, 100 and 60 ms tones): ${run.starts.length} speechStart, turns ${JSON.stringify(run.turns.map((t) => [t.startMs, t.endMs]))}`,
    );
  });
});

describe('TurnDetector, read while a turn is open (a held reply decides early)', () => {
  it('tells how long the caller spoke and has been silent, and ends the turn when asked', async () => {
    const phrase = await speak('okay', 'nova');
    const vad = await Vad.create(3);
    const detector = new TurnDetector(vad, { endOfTurnSilenceMs: 2000 });
    const turns: Turn[] = [];
    detector.on('turnEnd', (t) => turns.push(t));
    let sawSpeech = 0;
    let endedAt = -1;
    const call = concat([lineNoise(400), phrase, lineNoise(1500, 30, 2)]);
    let pushed = 0;
    for (const f of frames(call)) {
      pushed++;
      detector.push(f);
      if (detector.inTurn) sawSpeech = Math.max(sawSpeech, detector.speechMs);
      // As the live party does for a sound over the agent's speech: 200 ms of silence decides it.
      if (detector.inTurn && detector.silentMs >= 200 && endedAt < 0) {
        endedAt = pushed * 20;
        detector.endTurn();
      }
    }
    vad.close();
    expect(turns).toHaveLength(1);
    expect(sawSpeech).toBeGreaterThan(100);
    expect(sawSpeech).toBeLessThanOrEqual(ms(phrase) + 100);
    // Ended 200 ms after the speech, not after the detector's own 2 s of silence.
    expect(endedAt - turns[0].endMs).toBeGreaterThanOrEqual(200);
    expect(endedAt - turns[0].endMs).toBeLessThan(300);
    expect(detector.inTurn).toBe(false);
    expect(detector.silentMs).toBe(0);
  });
});
