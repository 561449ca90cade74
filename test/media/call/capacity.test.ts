import { describe, it, expect } from '@jest/globals';
import { CallSession } from '../../../src/modules/calls/calls.entity.js';
import { callAgent, callerAudio, dial, expectPassed, routedNumber, scenarioFile, useCallHarness } from './support.js';

/**
 * A media process at its capacity of talking calls (MEDIA_MAX_CALLS, here 1)
 * answers a new INVITE 503 with Retry-After, as a full trunk does, instead of
 * taking it and degrading every call; once a call ends it takes the next.
 */
const h = useCallHarness({ env: { MEDIA_MAX_CALLS: '1' } });

describe('a media process at its capacity', () => {
  it('refuses the next call with 503, logged, no session; takes calls again once one ended', async () => {
    const agent = await callAgent(
      h,
      { first_message: 'Hello.', model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'goodbye', hangup: true }] } },
      ['goodbye'],
    );
    const number = await routedNumber(h, agent.agent_id);
    const silence = scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: callerAudio(h, [4]) });
    const first = dial(h, silence, number, { pauseMs: 4000, timeoutS: 30 });
    const deadline = Date.now() + 10_000;
    while (h.media.activeCalls() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (h.media.activeCalls() !== 1) expectPassed(await first); // shows why the caller did not get through
    expect(h.media.activeCalls()).toBe(1);

    // The second caller gets 503 (the scenario fails on anything else), logged with the capacity.
    expectPassed(await dial(h, scenarioFile(h, 'uac-refused.xml', { EXPECTED_STATUS: '503' }), number, { timeoutS: 10 }));
    expect(h.logs.filter((l) => l.msg === 'inbound call refused: the media process is at its capacity of talking calls')).toEqual([
      expect.objectContaining({ max_calls: 1 }),
    ]);

    expectPassed(await first);
    const settled = Date.now() + 5000;
    while (h.media.activeCalls() > 0 && Date.now() < settled) await new Promise((r) => setTimeout(r, 50));
    expect(await h.t.orm.em.fork().count(CallSession, { phoneNumber: number })).toBe(1);

    // Room again: the next caller is answered.
    expectPassed(await dial(h, silence, number, { pauseMs: 1500, timeoutS: 20 }));
  }, 60_000);
});
