import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { eventually } from '../support/releases.js';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio.js';
import { carrierConnection } from '../campaigns/support.js';
import { caller, carrierNumber, deskAgent, heardSentences, recordedSession, useStreamHarness } from './stream-harness.js';

/**
 * A media process at its capacity of talking calls (MEDIA_MAX_CALLS, here 1) refuses a carrier's stream as a full
 * trunk refuses an INVITE (issue 31, item 5): the handshake is answered 503, the carrier's call is hung up through
 * its REST API (the caller hears a busy line rather than a call that degrades every other one), and the call is
 * recorded as failed with end reason `busy`. The call already up goes on, undisturbed.
 */
const h = useStreamHarness('busy-stream', { MEDIA_MAX_CALLS: '1' });
let twilio: FakeTwilio;
let connectionId: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  connectionId = await carrierConnection(h.t, h.a, 'twilio', twilio.baseUrl);
}, 30_000);
afterAll(async () => {
  await twilio?.close();
});

const voiceUrl = () => `${h.t.baseUrl}/carriers/twilio/voice`;

describe('a carrier stream beyond the capacity of talking calls', () => {
  it('is refused 503, its call hung up at the carrier and recorded busy; the call in progress goes on', async () => {
    const agent = await deskAgent(h);
    const first = await carrierNumber(h, twilio.owned, connectionId, agent.agent_id);
    const second = await carrierNumber(h, twilio.owned, connectionId, agent.agent_id);

    const up = await twilio.dialInbound({ to: first, from: caller(), voiceUrl: voiceUrl() });
    expect(await up.stream!.handshake).toBe(101);
    await eventually(
      async () => h.media.activeCalls(),
      (n) => n === 1,
      10_000,
      20,
    );

    const refused = await twilio.dialInbound({ to: second, from: caller(), voiceUrl: voiceUrl() });
    expect(refused.status).toBe(200); // the voice webhook answers; the media process refuses the stream itself
    expect(await refused.stream!.handshake).toBe(503);
    const refusedSid = [...twilio.streams].find(([, s]) => s === refused.stream)![0];
    await eventually(
      async () => twilio.hangups,
      (sids) => sids.includes(refusedSid),
      10_000,
      50,
    );
    const busy = await recordedSession(h, { phone: second });
    expect(busy).toMatchObject({ status: 'failed', end_reason: 'busy', direction: 'inbound' });
    expect(JSON.stringify(busy.legs[0]?.transcript.items ?? [])).toContain('capacity of 1 talking calls');

    // The first call was not disturbed: it hears its whole greeting, then ends normally.
    await heardSentences(up.stream!, 2);
    up.stream!.stop();
    expect(await recordedSession(h, { phone: first })).toMatchObject({ status: 'ended', end_reason: 'customer_hangup' });
    expect(twilio.hangups).not.toContain([...twilio.streams].find(([, s]) => s === up.stream)![0]);
  }, 60_000);
});
