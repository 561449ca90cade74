import { describe, it, expect } from '@jest/globals';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { callAgent, dial, expectPassed, routedNumber, scenarioFile, useCallHarness } from './support.js';

/**
 * Calls the runtime cannot take get a clear SIP answer, through the whole
 * media runtime (the SIP tests check the user agent alone): only codecs we do
 * not speak → 488, a number nobody answers → 403 (a stranger cannot tell it
 * from a number it may not call, decision 0053), a destination with no
 * agent → 480 with the reason logged. None of them leaves a session.
 */
const h = useCallHarness();

const refused = (number: string) => h.logs.filter((l) => l.msg === 'inbound call refused' && JSON.stringify(l).includes(number.replace('+', '')));
const sessions = (number: string) => h.t.orm.em.fork().count(CallSession, { phoneNumber: number });

describe('an inbound call the runtime refuses', () => {
  it('offers only G.729 to a routed number: 488 with a Warning, and no session', async () => {
    const agent = await callAgent(h, { model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'hello', say: 'Hi.' }] } }, ['hello']);
    const number = await routedNumber(h, agent.agent_id);
    // The SIP tests' scenario: it expects 488 and a Warning 305 (incompatible media format).
    expectPassed(await dial(h, 'uac-g729.xml', number, { timeoutS: 10 }));
    expect(await sessions(number)).toBe(0);
    expect(h.media.activeCalls()).toBe(0);
  }, 30_000);

  it('dials a number nobody has: 403, logged with the reason', async () => {
    const number = '+14155559876';
    expectPassed(await dial(h, scenarioFile(h, 'uac-refused.xml', { EXPECTED_STATUS: '403' }), number, { timeoutS: 10 }));
    expect(refused(number)).toEqual([expect.objectContaining({ status: 403, reason: `${number} is not routed to any destination` })]);
    expect(await sessions(number)).toBe(0);
  }, 30_000);

  it('dials a number whose destination has no agent: 480, logged with the reason', async () => {
    const number = await routedNumber(h, null);
    expectPassed(await dial(h, scenarioFile(h, 'uac-refused.xml', { EXPECTED_STATUS: '480' }), number, { timeoutS: 10 }));
    expect(refused(number)).toEqual([expect.objectContaining({ status: 480, reason: expect.stringMatching(/^Destination dst_\w+ \(\+\d+\) has no agent/) })]);
    expect(await sessions(number)).toBe(0);
  }, 30_000);
});
