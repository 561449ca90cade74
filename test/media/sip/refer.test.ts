/**
 * REFER and NOTIFY inside a dialog, between two of our user agents on
 * loopback (the sipp side of a transfer is in test/media/call/transfer.test.ts),
 * plus the pure helpers: a NOTIFY's sipfrag status and the Refer-To URI.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notifyEvent, referTarget, type NotifyEvent } from '../../../src/media/transports/sip/call.js';
import type { IncomingSipCall } from '../../../src/media/transports/sip/incoming-call.js';
import type { SipRequest, SipResponse } from '../../../src/media/transports/sip/message.js';
import { buildAnswer, buildOffer } from '../../../src/media/transports/sip/sdp.js';
import { SipUserAgent } from '../../../src/media/transports/sip/user-agent.js';
import { nextEvent } from './sipp.js';

let caller: SipUserAgent;
let callee: SipUserAgent;
beforeAll(async () => {
  caller = await SipUserAgent.listen({ host: '127.0.0.1', port: 0 });
  callee = await SipUserAgent.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await caller.close();
  await callee.close();
});

function notify(headers: Array<[string, string]>, body = ''): SipRequest {
  return { kind: 'request', method: 'NOTIFY', uri: 'sip:x@127.0.0.1', headers, body };
}

/** A call from `caller` to `callee`, answered: both ends. */
async function connected() {
  const incoming = nextEvent<[IncomingSipCall]>(callee, 'invite');
  const out = caller.placeCall({
    target: `sip:+15550100@127.0.0.1:${callee.local.port}`,
    from: 'sip:+15550199@127.0.0.1',
    sdp: buildOffer({ address: '127.0.0.1', port: 40010, sessionId: '1', version: 1 }),
    ringTimeoutMs: 5000,
  });
  const [inb] = await incoming;
  const answered = nextEvent(out, 'answered');
  await inb.answer(buildAnswer(inb.offer, inb.negotiated, { address: '127.0.0.1', port: 40012, sessionId: '2', version: 1 }));
  await answered;
  return { out, inb };
}

describe('REFER and NOTIFY', () => {
  it("reads a NOTIFY's event, sipfrag status and subscription state", () => {
    expect(
      notifyEvent(
        notify(
          [
            ['Event', 'refer'],
            ['Subscription-State', 'terminated;reason=noresource'],
            ['Content-Type', 'message/sipfrag;version=2.0'],
          ],
          'SIP/2.0 200 OK\r\n',
        ),
      ),
    ).toEqual({ event: 'refer', status: 200, terminated: true });
    expect(
      notifyEvent(
        notify(
          [
            ['Event', 'refer;id=7'],
            ['Subscription-State', 'active'],
            ['Content-Type', 'message/sipfrag'],
          ],
          'SIP/2.0 180 Ringing\r\n',
        ),
      ),
    ).toEqual({ event: 'refer;id=7', status: 180, terminated: false });
    // A body that is not a sipfrag carries no status.
    expect(
      notifyEvent(
        notify(
          [
            ['Event', 'refer'],
            ['Content-Type', 'text/plain'],
          ],
          'SIP/2.0 200 OK',
        ),
      ),
    ).toEqual({ event: 'refer', terminated: false });
  });

  it("puts a phone number at the far end's host and keeps a SIP address as it is", () => {
    expect(referTarget('+14155550199', 'sip:sipp@127.0.0.1:5070')).toBe('sip:+14155550199@127.0.0.1:5070');
    expect(referTarget('tel:+14155550199', 'sip:trunk.example.com')).toBe('sip:+14155550199@trunk.example.com');
    expect(referTarget('sip:billing@pbx.example.com', 'sip:sipp@127.0.0.1:5070')).toBe('sip:billing@pbx.example.com');
  });

  it('answers an in-dialog NOTIFY 200 (not 405) and reports its sipfrag status', async () => {
    const { out, inb } = await connected();
    const seen = nextEvent<[NotifyEvent]>(out, 'notify');
    const dialog = inb.dialog!;
    const request = dialog.request('NOTIFY', {
      headers: [
        ['Event', 'refer'],
        ['Subscription-State', 'active;expires=60'],
        ['Content-Type', 'message/sipfrag'],
      ],
      body: 'SIP/2.0 180 Ringing\r\n',
    });
    const response = await new Promise<SipResponse | 'timeout'>((resolve) => {
      callee.layer.request(request, dialog.destination(), { response: (r) => r.status >= 200 && resolve(r), timeout: () => resolve('timeout') });
    });
    expect(response).toMatchObject({ status: 200 });
    expect((await seen)[0]).toEqual({ event: 'refer', status: 180, terminated: false });
    await out.hangup();
  });

  it('reports a REFER the far end does not take (405) as not accepted, and the call goes on', async () => {
    const { out, inb } = await connected();
    const result = await out.refer('sip:+14155550199@127.0.0.1', { notifyWaitMs: 500 });
    expect(result).toEqual({ accepted: false, status: 405 });
    expect(out.ended || inb.ended).toBe(false);
    await inb.hangup();
  });

  it('does not send a REFER outside a dialog', async () => {
    const { out } = await connected();
    await out.hangup();
    expect(await out.refer('sip:+14155550199@127.0.0.1')).toEqual({ accepted: false, status: 481 });
  });
});
