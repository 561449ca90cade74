/**
 * SDP parsing, negotiation and answer/offer building.
 */
import { describe, expect, it } from '@jest/globals';
import { buildAnswer, buildOffer, negotiate, negotiateOrRefuse, parseSdp, redescribe } from '../../../src/media/transports/sip/sdp.js';

const offer = (m: string, extra = ''): string =>
  ['v=0', 'o=- 42 7 IN IP4 192.0.2.5', 's=-', 'c=IN IP4 192.0.2.5', 't=0 0', m, extra].filter(Boolean).join('\r\n') + '\r\n';
const local = { address: '198.51.100.1', port: 30000, sessionId: '99', version: 1 };

describe('SDP', () => {
  it('prefers PCMU, keeps the telephone-event payload type, mirrors sendonly', () => {
    const sdp = parseSdp(offer('m=audio 4000 RTP/AVP 8 0 96', 'a=rtpmap:96 telephone-event/8000\r\na=ptime:30\r\na=sendonly'));
    expect(negotiate(sdp)).toEqual({
      mediaIndex: 0,
      codec: { payloadType: 0, name: 'PCMU' },
      telephoneEvent: 96,
      remoteAddress: '192.0.2.5',
      remotePort: 4000,
      remoteDirection: 'sendonly',
      localDirection: 'recvonly',
      ptime: 30,
    });
  });

  it('falls back to PCMA, reads media-level c=, and answers other streams with port 0', () => {
    const sdp = parseSdp(offer('m=video 5000 RTP/AVP 96\r\nm=audio 4002 RTP/AVP 18 8\r\nc=IN IP4 192.0.2.77', 'a=recvonly'));
    const n = negotiate(sdp)!;
    expect(n).toMatchObject({ mediaIndex: 1, codec: { name: 'PCMA', payloadType: 8 }, remoteAddress: '192.0.2.77', localDirection: 'sendonly' });
    expect(n.telephoneEvent).toBeUndefined();
    const answer = buildAnswer(sdp, n, local);
    expect(answer).toBe(
      [
        'v=0',
        'o=- 99 1 IN IP4 198.51.100.1',
        's=-',
        'c=IN IP4 198.51.100.1',
        't=0 0',
        'm=video 0 RTP/AVP 96',
        'm=audio 30000 RTP/AVP 8',
        'a=rtpmap:8 PCMA/8000',
        'a=ptime:20',
        'a=sendonly',
        '',
      ].join('\r\n'),
    );
  });

  it('finds nothing to use in a G.729-only offer or one without audio', () => {
    expect(negotiate(parseSdp(offer('m=audio 4000 RTP/AVP 18', 'a=rtpmap:18 G729/8000')))).toBeUndefined();
    expect(negotiate(parseSdp(offer('m=audio 0 RTP/AVP 0')))).toBeUndefined();
    expect(negotiate(parseSdp(offer('m=video 4000 RTP/AVP 0')))).toBeUndefined();
  });

  it('treats c=0.0.0.0 as old-style hold', () => {
    const n = negotiate(parseSdp(offer('m=audio 4000 RTP/AVP 0').replace('c=IN IP4 192.0.2.5', 'c=IN IP4 0.0.0.0')))!;
    expect(n.localDirection).toBe('recvonly');
  });

  it('rejects malformed SDP', () => {
    expect(() => parseSdp('hello')).toThrow();
    expect(() => parseSdp('v=0\r\nm=audio x RTP/AVP 0\r\n')).toThrow();
    expect(() => parseSdp('v=0\r\ns=-\r\n')).toThrow(/o=/);
  });

  it('refuses a media port that leaves no room for RTCP, a disabled stream, and ports outside 1-65535', () => {
    const refused = (m: string) => negotiateOrRefuse(parseSdp(offer(m)));
    expect(refused('m=audio 65535 RTP/AVP 0')).toEqual({ refused: 'media port 65535 leaves no room for RTCP' });
    expect(refused('m=audio 0 RTP/AVP 0')).toEqual({ refused: 'no enabled RTP audio stream (port 0 disables one)' });
    expect(negotiate(parseSdp(offer('m=audio 65534 RTP/AVP 0')))).toMatchObject({ remotePort: 65534 });
    expect(negotiate(parseSdp(offer('m=audio 1 RTP/AVP 0')))).toMatchObject({ remotePort: 1 });
    for (const m of ['m=audio 70000 RTP/AVP 0', 'm=audio 65536 RTP/AVP 0', 'm=audio -1 RTP/AVP 0', 'm=audio 123456 RTP/AVP 0']) {
      expect(() => parseSdp(offer(m))).toThrow(/malformed m= line/);
    }
  });

  it('sends media only to an IP literal of our family: host names, NUL, multicast and the other family are refused', () => {
    const withC = (c: string) => offer('m=audio 4000 RTP/AVP 0').replace('c=IN IP4 192.0.2.5', c);
    const why = (c: string, options = {}) => {
      const result = negotiateOrRefuse(parseSdp(withC(c)), options);
      return 'refused' in result ? result.refused : result.negotiated.remoteAddress;
    };
    expect(why('c=IN IP4 pbx.example.com')).toBe('the media address is not an IP address');
    expect(why('c=IN IP4 192.0.2.300')).toBe('the media address is not an IP address');
    expect(why('c=IN IP6 2001:db8::1')).toBe('the media address is not IPv4');
    expect(why('c=IN IP6 2001:db8::1', { family: 'IPv6' })).toBe('2001:db8::1');
    expect(why('c=IN IP4 192.0.2.9', { family: 'IPv6' })).toBe('the media address is not IPv6');
    expect(why('c=IN IP4 224.2.1.1/127')).toBe('the media address is multicast or reserved');
    expect(why('c=IN IP4 255.255.255.255')).toBe('the media address is multicast or reserved');
    expect(why('c=IN IP4 192.0.2.9/127')).toBe('192.0.2.9');
    // Loopback only from a peer on loopback: a stranger must not point our RTP at this machine's own services.
    expect(why('c=IN IP4 127.0.0.1', { peer: '198.51.100.7' })).toBe('a loopback media address from a peer that is not on loopback');
    expect(why('c=IN IP4 127.0.0.1', { peer: '127.0.0.1' })).toBe('127.0.0.1');
    expect(() => parseSdp(withC('c=IN IP4 192.0.2.5\0'))).toThrow(/control character/);
    expect(() => parseSdp(withC('c=IN IP4 192.0\x01.2.5'))).toThrow(/control character/);
    expect(() => parseSdp(withC('c=IN IP4'))).toThrow(/malformed c= line/);
    // No c= at all: nowhere to send.
    const noC = offer('m=audio 4000 RTP/AVP 0').replace('c=IN IP4 192.0.2.5\r\n', '');
    expect(negotiateOrRefuse(parseSdp(noC))).toEqual({ refused: 'no c= line for the audio stream' });
  });

  it('builds an offer with PCMU, PCMA and telephone-event that negotiates to PCMU', () => {
    const sdp = buildOffer(local);
    expect(sdp).toContain('m=audio 30000 RTP/AVP 0 8 101\r\n');
    expect(negotiate(parseSdp(sdp))).toMatchObject({ codec: { name: 'PCMU' }, telephoneEvent: 101, localDirection: 'sendrecv' });
  });

  it('re-describes our SDP with a new direction and a bumped version', () => {
    const again = redescribe(buildOffer(local), 'recvonly');
    expect(again).toContain('o=- 99 2 IN IP4');
    expect(again).toContain('a=recvonly\r\n');
    expect(again).not.toContain('a=sendrecv');
  });
});
