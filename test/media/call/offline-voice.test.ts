import { describe, it, expect } from '@jest/globals';
import { FliteTts } from '../../../src/media/speech/tts/flite.js';
import { EspeakNgTts } from '../../../src/media/speech/tts/espeak-ng.js';
import { decodeG711, encodeG711 } from '../../../src/media/rtp/g711.js';
import type { TextToSpeech } from '../../../src/media/speech/text-to-speech.js';
import { callAgent, callerAudio, channel, dial, expectPassed, recordingOf, routedNumber, scenarioFile, sessionOf, useCallHarness } from './support.js';

/**
 * An agent on one of the catalogue's offline flite voices (decision 0064), on a real SIP call: the voice is accepted
 * over REST like any catalogue voice, and what the caller hears (the recording's agent side) is flite's rendering of
 * the greeting, not espeak-ng's.
 */
const GREETING = 'Hello, this is Acme Dental.';
const h = useCallHarness();

async function rendered(tts: TextToSpeech, voice: string): Promise<Int16Array> {
  const chunks: Int16Array[] = [];
  for await (const chunk of tts.synthesize(GREETING, { voice, language: 'en-US' })) chunks.push(chunk);
  const pcm = Int16Array.from(chunks.flatMap((c) => [...c]));
  return decodeG711('PCMU', encodeG711('PCMU', pcm)); // as the wire carries it
}

/** Normalized correlation of two equal-length signals. */
function correlation(a: Int16Array, b: Int16Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return ab / Math.sqrt(aa * bb || 1);
}

describe('an agent with an offline flite voice', () => {
  it('speaks its greeting with flite on a SIP call', async () => {
    const agent = await callAgent(h, { first_message: GREETING, voice: { provider: 'platform', voice_id: 'flite-rms' } }, ['hello']);
    expect(agent.config.voice).toEqual({ provider: 'platform', voice_id: 'flite-rms' });
    const number = await routedNumber(h, agent.agent_id);
    expectPassed(await dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: callerAudio(h, [4]) }), number, { pauseMs: 4000 }));
    const session = await sessionOf(h, number);
    const agentSide = channel(await recordingOf(h, session.id), 1);
    const start = agentSide.findIndex((s) => s !== 0);
    expect(start).toBeGreaterThanOrEqual(0);

    const flite = await rendered(new FliteTts(), 'flite-rms');
    const espeak = await rendered(new EspeakNgTts(), 'flite-rms');
    const span = 4000; // the first half second of speech
    const heard = agentSide.subarray(start, start + span);
    const asFlite = correlation(heard, flite.subarray(flite.findIndex((s) => s !== 0)).subarray(0, span));
    const asEspeak = correlation(heard, espeak.subarray(espeak.findIndex((s) => s !== 0)).subarray(0, span));
    process.stderr.write(`[offline-voice] correlation with flite ${asFlite.toFixed(3)}, with espeak-ng ${asEspeak.toFixed(3)}\n`);
    expect(asFlite).toBeGreaterThan(0.7); // 0.88 here: alignment of the first nonzero sample is approximate
    expect(asEspeak).toBeLessThan(0.3);
  }, 60_000);
});
