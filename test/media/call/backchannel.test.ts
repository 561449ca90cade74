import { describe, it, expect } from '@jest/globals';
import {
  callAgent,
  callerAudio,
  channel,
  dial,
  expectPassed,
  recordingOf,
  routedNumber,
  scenarioFile,
  sessionOf,
  spokenSeconds,
  useCallHarness,
} from './support.js';

/**
 * Backchannels on a real call (issue 31): while the agent gives a long
 * answer the caller says "mhm", as listeners do. The agent's audio stops at
 * once (it cannot know yet that this is not an interruption), then, the
 * sound being a backchannel, it goes on from the word it stopped at: the
 * transcript keeps the whole greeting once, each backchannel as its own
 * item, and no interruption.
 */
const GREETING =
  'Hello, this is Acme Dental. We are open from nine in the morning to five in the afternoon, Monday to Friday. ' +
  'Our office is on Main Street, next to the bank. How can I help you today?';

const h = useCallHarness();

describe('a caller who says okay and uh huh while the agent talks', () => {
  it('does not stop the agent for good: it resumes where it stopped, and the transcript keeps the backchannel', async () => {
    const agent = await callAgent(h, { first_message: GREETING, model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [] } }, [
      'what are your opening hours',
    ]);
    const number = await routedNumber(h, agent.agent_id);
    // sipp streams from the ACK, as the greeting starts: "okay" about 2.5 s into a greeting of about 12 s, "uh huh" 4 s
    // later. (espeak-ng spells "mhm" out letter by letter, so the test says the backchannels it pronounces.)
    const greetingS = spokenSeconds(GREETING);
    const audio = callerAudio(h, [2.5, 'okay', 4, 'uh huh', greetingS + 2]);
    expectPassed(
      await dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: audio }), number, { pauseMs: Math.round((greetingS + 5) * 1000), timeoutS: 40 }),
    );

    const session = await sessionOf(h, number);
    const items = session.legs[0].transcript.items.map((i) => [i.speaker, i.text, i.kind]);
    process.stderr.write(`[backchannel] ${JSON.stringify(items)}\n`);
    expect(items).toEqual([
      ['agent', GREETING, undefined],
      ['customer', 'okay', 'backchannel'],
    ]);
    // "uh huh" as espeak-ng says it is two short sounds the recognizer does not take as words: a sound that short over
    // the agent's speech is talked through too, and not written down (it was not words).
    const report = h.reports.find((r) => r.sessionId === session.id)!;
    expect(report.bargeIns.length).toBeGreaterThanOrEqual(2);
    expect(report.resumes).toBe(report.bargeIns.length);

    // The recording, at the first backchannel: the agent stopped within 100 ms of the sound and spoke again within 1.5 s of its end.
    const wav = await recordingOf(h, session.id);
    const caller = channel(wav, 0);
    const agentSide = channel(wav, 1);
    let onset = -1;
    for (let i = 0; i < caller.length && onset < 0; i++) if (Math.abs(caller[i]) >= 1000) onset = i;
    let end = onset;
    for (let i = onset; i < Math.min(caller.length, onset + 8000); i++) if (Math.abs(caller[i]) >= 500) end = i;
    let stopped = onset;
    while (stopped < agentSide.length && agentSide[stopped] !== 0) stopped++;
    let resumed = Math.max(stopped, end);
    while (resumed < agentSide.length && agentSide[resumed] === 0) resumed++;
    const stopMs = (stopped - onset) / 8;
    const gapMs = (resumed - end) / 8;
    process.stderr.write(`[backchannel] agent stopped ${stopMs} ms after the caller's sound began; spoke again ${gapMs} ms after it ended\n`);
    expect(onset).toBeGreaterThan(0);
    expect(stopMs).toBeLessThanOrEqual(100);
    expect(gapMs).toBeLessThan(1500);
    // It then said the rest of the greeting: agent audio runs on for seconds after the resume.
    let lastAgent = resumed;
    for (let i = resumed; i < agentSide.length; i++) if (agentSide[i] !== 0) lastAgent = i;
    expect((lastAgent - resumed) / 8000).toBeGreaterThan(greetingS / 2);
  }, 60_000);
});

describe('a caller who says yes before the agent has asked', () => {
  it('is heard as listening: the offer goes on to its question, nothing is booked, and the yes is kept as a backchannel', async () => {
    // A "yeah" misheard as "yes" while the agent was still giving the offer once booked the slot in the conversation
    // bench. Before the last sentence of a reply, a lone yes acknowledges; at the question it answers.
    const OFFER = 'We have Tuesday at ten in the morning, or Wednesday at noon. Shall I book Tuesday?';
    const agent = await callAgent(
      h,
      {
        first_message: OFFER,
        model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'yes', say: 'You are booked for Tuesday at ten.', hangup: true }] },
      },
      ['yes'],
    );
    const number = await routedNumber(h, agent.agent_id);
    const offerS = spokenSeconds(OFFER);
    const audio = callerAudio(h, [1.5, 'yes', offerS + 2], { hiss: true });
    expectPassed(
      await dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: audio }), number, { pauseMs: Math.round((offerS + 4) * 1000), timeoutS: 40 }),
    );

    const session = await sessionOf(h, number);
    const items = session.legs[0].transcript.items.map((i) => [i.speaker, i.text, i.kind]);
    process.stderr.write(`[backchannel] yes before the question: ${JSON.stringify(items)}\n`);
    expect(items).toEqual([
      ['agent', OFFER, undefined],
      ['customer', 'yes', 'backchannel'],
    ]);
    expect(session).toMatchObject({ end_reason: 'customer_hangup' });
  }, 60_000);
});

describe('a caller who starts a sentence over the agent with "what", pauses, and goes on', () => {
  it('is heard whole once they go on: the agent does not repeat its line for the "what"', async () => {
    const HOURS = 'We are open from nine to five.';
    const agent = await callAgent(
      h,
      { first_message: GREETING, model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'opening hours', say: HOURS }] } },
      ['what are your opening hours'],
    );
    const number = await routedNumber(h, agent.agent_id);
    // "what" 2.5 s into the greeting is, on its own, a request to hear the last line again; the caller goes on 0.3 s later.
    const audio = callerAudio(h, [2.5, 'what', 0.3, 'are your opening hours', spokenSeconds(HOURS) + 3], { hiss: true });
    const total = 2.5 + spokenSeconds('what') + 0.3 + spokenSeconds('are your opening hours') + spokenSeconds(HOURS) + 3;
    expectPassed(await dial(h, scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: audio }), number, { pauseMs: Math.round(total * 1000), timeoutS: 40 }));

    const session = await sessionOf(h, number);
    const items = session.legs[0].transcript.items;
    process.stderr.write(`[what-pause] ${JSON.stringify(items.map((i) => [i.speaker, i.text, i.kind, i.offset_ms]))}\n`);
    // The greeting as far as it was heard, the question whole, the answer: no repeated greeting between them.
    expect(items.map((i) => [i.speaker, i.speaker === 'agent' && i.text !== HOURS ? 'greeting' : i.text])).toEqual([
      ['agent', 'greeting'],
      ['system', 'The caller interrupted the agent.'],
      ['customer', 'what are your opening hours'],
      ['agent', HOURS],
    ]);
    expect(GREETING.startsWith(items[0].text)).toBe(true);
    expect(items[0].text.length).toBeLessThan(GREETING.length);
  }, 60_000);
});
