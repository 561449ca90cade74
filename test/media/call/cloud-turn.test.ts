import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { startFakeDeepgram, type FakeDeepgram } from '../../support/fake-deepgram.js';
import { callAgent, callerAudio, dial, expectPassed, routedNumber, scenarioFile, sessionOf, useCallHarness } from './support.js';

/**
 * The turn policy with a cloud recognizer's own end-of-turn signal (issue 31, item 3), on a real SIP call whose
 * speech recognition is the organization's Deepgram provider (a local server speaking Deepgram's live protocol,
 * finding the end of speech in the audio as the service does). When Deepgram marks the caller's words final with
 * speech_final (300 ms of quiet) and they are a complete sentence, the turn ends there, well before the 800 ms of
 * silence an open turn waits; when the settled words trail off ("… and"), the turn waits the full silence.
 */
const KEY = 'dg-turn-key-0123456789';
const PHRASE = 'I would like to book an appointment';
const REPLY = 'We have Tuesday at ten.';

const h = useCallHarness();
let deepgram: FakeDeepgram;

beforeAll(async () => {
  deepgram = await startFakeDeepgram(KEY);
  deepgram.endpointing = true;
  const created = await h.t.request
    .post('/v1/speech_provider/create')
    .set(h.a.headers)
    .send({ name: 'deepgram', kind: 'deepgram', base_url: deepgram.baseUrl, api_key: KEY });
  expect(created.status).toBe(201);
});
afterAll(async () => deepgram.close());

/** One call saying PHRASE, Deepgram hearing `heard`: the reply's latency parts and what the transcript kept. */
async function callHearing(heard: string) {
  const agent = await callAgent(
    h,
    { first_message: 'Hello.', model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'book an appointment', say: REPLY }] } },
    [PHRASE],
  );
  const number = await routedNumber(h, agent.agent_id);
  deepgram.transcript = heard;
  const streams = deepgram.sessions.length;
  expectPassed(await dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: callerAudio(h, [1.5, PHRASE, 2.5]) }), number, { pauseMs: 7000 }));
  const session = await sessionOf(h, number);
  expect(deepgram.sessions.length).toBeGreaterThan(streams);
  const items = session.legs[0].transcript.items;
  const reply = items.find((i) => i.speaker === 'agent' && i.text === REPLY);
  process.stderr.write(`[cloud-turn] heard ${JSON.stringify(heard)}: ${JSON.stringify(items)}\n`);
  expect(reply?.latency).toBeDefined();
  return { latency: reply!.latency!, caller: items.filter((i) => i.speaker === 'customer') };
}

describe("a cloud recognizer's end of speech", () => {
  it("ends a complete turn at Deepgram's speech_final, before the 800 ms silence", async () => {
    const { latency, caller } = await callHearing(`${PHRASE}.`);
    expect(caller).toEqual([expect.objectContaining({ text: PHRASE, kind: 'speech', confidence: 0.9 })]);
    // The VAD's end of speech to the decision: Deepgram's 300 ms endpointing and the message's way back, not 800 ms.
    expect(latency.end_of_turn_ms).toBeLessThan(650);
  }, 30_000);

  it('waits the full silence when the settled words trail off', async () => {
    const { latency, caller } = await callHearing(`${PHRASE} and`);
    expect(caller).toEqual([expect.objectContaining({ text: `${PHRASE} and`, kind: 'speech' })]);
    expect(latency.end_of_turn_ms).toBeGreaterThanOrEqual(760);
  }, 30_000);
});
