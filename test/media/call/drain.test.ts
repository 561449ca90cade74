import { describe, it, expect } from '@jest/globals';
import { callAgent, callerAudio, dial, expectPassed, routedNumber, scenarioFile, sessionOf, useCallHarness } from './support.js';

/**
 * SIGTERM of the media role (issue 12): stopping the runtime drains it. A new
 * INVITE is answered 503 with Retry-After, so a carrier or proxy tries another
 * media process; the call in progress goes on until its caller hangs up, and is
 * recorded as any call; only then does the runtime stop.
 */
const h = useCallHarness({ env: { MEDIA_DRAIN_TIMEOUT_MS: '20000' } });

describe('the media runtime stopping', () => {
  it('had its speech warmed up before it said it was running (the first call does not wait for the helper process)', () => {
    const at = (msg: string) => h.logs.findIndex((line) => line.msg === msg);
    expect(at('media: speech warmed up')).toBeGreaterThanOrEqual(0);
    expect(at('media: speech warmed up')).toBeLessThan(at('media runtime listening'));
  });

  it('refuses new calls with 503 while the call in progress finishes and is recorded', async () => {
    const agent = await callAgent(
      h,
      {
        first_message: 'Hello, this is Acme Dental.',
        model: { provider: 'simulated', name: 'desk', temperature: 0, rules: [{ when: 'goodbye', say: 'Goodbye!', hangup: true }] },
      },
      ['goodbye'],
    );
    const number = await routedNumber(h, agent.agent_id);
    // A caller that stays on the line (silent) for 5 s, then hangs up.
    const silence = scenarioFile(h, 'uac-speak.xml', { CALLER_AUDIO_FILE: callerAudio(h, [5]) });
    const first = dial(h, silence, number, { pauseMs: 5000, timeoutS: 30 });
    const deadline = Date.now() + 10_000;
    while (h.media.activeCalls() === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    if (h.media.activeCalls() !== 1) expectPassed(await first); // shows why the caller did not get through
    expect(h.media.activeCalls()).toBe(1);

    let stopped = false;
    const stopping = h.media.stop().then(() => (stopped = true));
    expectPassed(await dial(h, scenarioFile(h, 'uac-refused.xml', { EXPECTED_STATUS: '503' }), number, { timeoutS: 10 }));
    expect(stopped).toBe(false);

    expectPassed(await first);
    await stopping;
    const session = await sessionOf(h, number);
    expect(session).toMatchObject({ status: 'ended', end_reason: 'customer_hangup', direction: 'inbound' });
    expect(session.duration_seconds).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
