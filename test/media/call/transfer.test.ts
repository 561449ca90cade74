import { describe, it, expect } from '@jest/globals';
import { callAgent, callerAudio, dial, expectPassed, lines, routedNumber, scenarioFile, sessionOf, useCallHarness } from './support.js';

/**
 * Real calls (sipp → the media runtime) where the agent transfers the caller:
 * after its last words the service sends the caller's trunk an in-dialog
 * REFER (RFC 3515) for the destination's number, then hangs up with BYE once
 * the trunk reported the transfer (NOTIFY) or refused it. sipp checks the
 * Refer-To and that its NOTIFY is answered 200 (uac-refer.xml).
 */
const GREETING = 'Hello, Acme Dental.';
const PHRASE = 'I have a billing question';
const TRANSFER_LINE = 'Let me transfer you to billing.';
const BILLING = '+14155550199';
const h = useCallHarness();

async function transferringAgent(): Promise<string> {
  const agent = await callAgent(
    h,
    {
      first_message: GREETING,
      destinations: [{ name: 'billing', address: BILLING }],
      model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'billing', say: TRANSFER_LINE, transfer_to: 'billing' }] },
    },
    [PHRASE],
  );
  return routedNumber(h, agent.agent_id);
}

describe('an inbound call the agent transfers', () => {
  it("REFERs the caller's trunk to the destination, answers its NOTIFY, then hangs up; the session has the transfer leg", async () => {
    const number = await transferringAgent();
    const audio = callerAudio(h, [2.5, PHRASE, 3]);
    expectPassed(await dial(h, scenarioFile(h, 'uac-refer.xml', { CALLER_AUDIO_FILE: audio }), number, { timeoutS: 20 }));

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'transferred' });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['customer', PHRASE.toLowerCase()],
        ['agent', TRANSFER_LINE],
      ]),
    );
    expect(session.legs.map((l) => [l.kind, l.address])).toEqual([
      ['agent', expect.any(String)],
      ['transfer', BILLING],
    ]);
    expect(session.legs[1].transcript.items.map((i) => [i.speaker, i.text])).toEqual([
      ['system', `SIP REFER to ${BILLING} accepted (202); the transfer target answered 200.`],
    ]);
  }, 40_000);

  it('notes a REFER the trunk declines (603): the agent says so, hangs up with BYE, and the call is not counted as transferred', async () => {
    const number = await transferringAgent();
    const audio = callerAudio(h, [2.5, PHRASE, 3]);
    expectPassed(await dial(h, scenarioFile(h, 'uac-refer-decline.xml', { CALLER_AUDIO_FILE: audio }), number, { timeoutS: 20 }));

    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'agent_hangup' });
    expect(lines(session)).toEqual(
      expect.arrayContaining([
        ['customer', PHRASE.toLowerCase()],
        ['agent', TRANSFER_LINE],
        ['system', `The transfer to ${BILLING} was refused (603).`],
        ['agent', 'I am sorry, I could not transfer your call. Please call back later. Goodbye.'],
      ]),
    );
    expect(session.legs[1].transcript.items.map((i) => [i.speaker, i.text])).toEqual([['system', `SIP REFER to ${BILLING} refused (603).`]]);
  }, 40_000);
});
