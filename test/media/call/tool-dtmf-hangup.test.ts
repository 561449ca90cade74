import { describe, it, expect } from '@jest/globals';
import { PocketsphinxStt } from '../../../src/media/speech/stt/pocketsphinx.js';
import {
  callAgent,
  callerAudio,
  channel,
  dial,
  expectPassed,
  lines,
  recordingOf,
  routedNumber,
  scenarioFile,
  sessionOf,
  toolCallOf,
  useCallHarness,
} from './support.js';

/**
 * Real calls (sipp → the media runtime) for what a caller does besides
 * talking: words that make the agent call tools (record a variable, end the
 * call), keys pressed (RFC 4733 events become a caller turn), and the agent
 * hanging up: its goodbye is played to the end, then it sends BYE.
 */
const GREETING = 'Hello, Acme Dental.';
const h = useCallHarness();

describe('an inbound call where the caller', () => {
  it('gives an order number: the agent records it (record_variable) and ends the call (end_call) from the rule on those words', async () => {
    const PHRASE = 'my order number is seven';
    const REPLY = 'Thank you, I have noted your order.';
    const agent = await callAgent(
      h,
      {
        first_message: GREETING,
        variables: [{ key: 'order_number', description: 'The order the caller calls about.' }],
        model: {
          provider: 'simulated',
          name: 'desk',
          temperature: 0,
          rules: [{ when: { regex: 'order number is (\\w+)' }, say: REPLY, set_variable: { key: 'order_number', group: 1 }, hangup: true }],
        },
      },
      [PHRASE],
    );
    const number = await routedNumber(h, agent.agent_id);
    const audio = callerAudio(h, [2.5, PHRASE, 3]);
    const started = Date.now();
    expectPassed(await dial(h, scenarioFile(h, 'uac-await-bye.xml', { CALLER_AUDIO_FILE: audio }), number, { timeoutS: 15 }));
    expect(Date.now() - started).toBeLessThan(12_000);

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup', variables: [{ key: 'order_number', value: 'seven' }] });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['customer', PHRASE],
        ['agent', REPLY],
      ]),
    );
    const recorded = await toolCallOf(h, session, 'record_variable');
    expect(recorded).toMatchObject({ status: 'succeeded' });
    expect(JSON.parse(recorded.request_text as string)).toEqual({ key: 'order_number', value: 'seven' });
    expect(await toolCallOf(h, session, 'end_call')).toMatchObject({ status: 'succeeded' });
  }, 30_000);

  it("presses 1: the digit reaches the agent as the caller's turn and the rule on it answers", async () => {
    const REPLY = 'You pressed one for billing.';
    const agent = await callAgent(
      h,
      {
        first_message: GREETING,
        model: {
          provider: 'simulated',
          name: 'ivr',
          temperature: 0,
          rules: [
            { when: '1', say: REPLY },
            { when: '2', say: 'You pressed two.' },
          ],
        },
      },
      ['billing'],
    );
    const number = await routedNumber(h, agent.agent_id);
    // The pcap holds one RFC 4733 event (digit 1, payload type 101, as our answer's telephone-event).
    const scenario = scenarioFile(h, 'uac-dtmf.xml', { DTMF_PCAP_FILE: '/usr/share/sip-tester/dtmf_2833_1.pcap', DTMF_AFTER_MS: '2500' });
    expectPassed(await dial(h, scenario, number, { pauseMs: 7000, timeoutS: 15 }));

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup' });
    // One key, then the digit timeout (1.5 s) made it a turn.
    expect(lines(session)).toEqual([
      ['agent', GREETING],
      ['customer', '1'],
      ['agent', REPLY],
    ]);
    const report = h.reports.find((r) => r.sessionId === session.id)!;
    expect(report.rtp!.packetsReceived).toBeGreaterThan(0);
  }, 30_000);

  it('says goodbye: the agent says its goodbye to the end, then hangs up (BYE from the service, answered by the caller)', async () => {
    const BYE = 'Goodbye, have a nice day.';
    const agent = await callAgent(
      h,
      {
        first_message: GREETING,
        model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'goodbye', say: BYE, hangup: true }] },
      },
      ['goodbye'],
    );
    const number = await routedNumber(h, agent.agent_id);
    const audio = callerAudio(h, [2.5, 'goodbye', 3]);
    // The scenario fails unless the BYE comes from the service (it never sends one).
    expectPassed(await dial(h, scenarioFile(h, 'uac-await-bye.xml', { CALLER_AUDIO_FILE: audio }), number, { timeoutS: 15 }));

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup' });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['customer', 'goodbye'],
        ['agent', BYE],
      ]),
    );
    // The recording stops when the call does: its last seconds on the agent's side are the whole goodbye.
    const wav = await recordingOf(h, session.id);
    const seconds = (wav.length - 44) / 4 / 8000;
    const stream = new PocketsphinxStt().start({ sampleRate: 8000, language: 'en-US', phrases: [GREETING, BYE, 'goodbye'] });
    stream.write(channel(wav, 1, seconds - 2.5));
    expect((await stream.finish()).text).toBe(BYE.toLowerCase().replace(/[.,]/g, ''));
  }, 30_000);
});
