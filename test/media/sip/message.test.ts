/**
 * Fast unit tests of the SIP message layer, digest and the per-source limiter.
 */
import { describe, expect, it } from '@jest/globals';
import { parseNameAddr, parseUri, parseVia } from '../../../src/media/transports/sip/address.js';
import { digestAuthorization, parseDigestChallenge } from '../../../src/media/transports/sip/digest.js';
import { headerValue, headerValues, parseSipMessage, serializeSipMessage, SipParseError, type SipRequest } from '../../../src/media/transports/sip/message.js';
import { SourceRateLimiter } from '../../../src/media/transports/sip/rate-limit.js';

const invite = [
  'INVITE sip:+15550100@10.0.0.1:5070;user=phone SIP/2.0',
  'v: SIP/2.0/UDP 10.0.0.9:5060;branch=z9hG4bKa1, SIP/2.0/UDP 10.0.0.8;branch=z9hG4bKa0',
  'Via: SIP/2.0/UDP 10.0.0.7:5060;branch=z9hG4bKzz',
  'f: "Alice, A." <sip:alice@example.com>;tag=abc',
  't: <sip:+15550100@example.com>',
  'i: call-1@example.com',
  'CSeq: 7 INVITE',
  'Subject: folded',
  '  over two lines',
  'c: application/sdp',
  'l: 4',
  '',
  'v=0\r\nEXTRA',
].join('\r\n');

describe('SIP message parsing', () => {
  it('reads compact names, splits multiple Vias, unfolds lines and cuts the body to Content-Length', () => {
    const m = parseSipMessage(Buffer.from(invite)) as SipRequest;
    expect(m).toMatchObject({ kind: 'request', method: 'INVITE', uri: 'sip:+15550100@10.0.0.1:5070;user=phone', body: 'v=0\r' });
    expect(headerValues(m.headers, 'Via')).toEqual([
      'SIP/2.0/UDP 10.0.0.9:5060;branch=z9hG4bKa1',
      'SIP/2.0/UDP 10.0.0.8;branch=z9hG4bKa0',
      'SIP/2.0/UDP 10.0.0.7:5060;branch=z9hG4bKzz',
    ]);
    expect(headerValue(m.headers, 'From')).toBe('"Alice, A." <sip:alice@example.com>;tag=abc');
    expect(headerValue(m.headers, 'Call-ID')).toBe('call-1@example.com');
    expect(headerValue(m.headers, 'Subject')).toBe('folded over two lines');
  });

  it('serializes with full names and a byte-exact Content-Length, and parses back', () => {
    const m = parseSipMessage(Buffer.from(invite)) as SipRequest;
    const body = 'é=1\r\n';
    const out = serializeSipMessage({ ...m, body });
    expect(out.toString()).toContain('Content-Length: 6\r\n\r\né=1\r\n');
    expect(out.toString()).toContain('\r\nFrom: "Alice, A." <sip:alice@example.com>;tag=abc\r\n');
    expect(parseSipMessage(out)).toMatchObject({ method: 'INVITE', body });
  });

  it('parses responses', () => {
    const res = parseSipMessage(
      Buffer.from(
        'SIP/2.0 180 Ringing\r\nVia: SIP/2.0/UDP h;branch=z9hG4bKx\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:c@d>;tag=2\r\nCall-ID: x\r\nCSeq: 1 INVITE\r\n\r\n',
      ),
    );
    expect(res).toMatchObject({ kind: 'response', status: 180, reason: 'Ringing', body: '' });
  });

  it.each([
    ['garbage bytes', Buffer.from([0x80, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]), false],
    ['HTTP', Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'), false],
    ['no blank line', Buffer.from('INVITE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h'), false],
    [
      'missing CSeq',
      Buffer.from('INVITE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: 1\r\n\r\n'),
      true,
    ],
    [
      'bad Content-Length',
      Buffer.from(
        'BYE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: 1\r\nCSeq: 1 BYE\r\nContent-Length: -1\r\n\r\n',
      ),
      true,
    ],
    [
      'short body',
      Buffer.from(
        'BYE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: 1\r\nCSeq: 1 BYE\r\nContent-Length: 10\r\n\r\nabc',
      ),
      true,
    ],
    [
      'CSeq method mismatch',
      Buffer.from(
        'BYE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h;branch=z9hG4bK1\r\nFrom: <sip:a@b>;tag=1\r\nTo: <sip:a@b>\r\nCall-ID: 1\r\nCSeq: 1 INVITE\r\n\r\n',
      ),
      true,
    ],
    ['header without colon', Buffer.from('BYE sip:a@b SIP/2.0\r\nVia SIP/2.0/UDP h\r\n\r\n'), true],
    ['NUL in headers', Buffer.from('BYE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h\0\r\n\r\n'), false],
  ])('rejects %s with SipParseError (request info kept: %s)', (_name, data, hasPartial) => {
    let error: unknown;
    try {
      parseSipMessage(data);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SipParseError);
    expect(Boolean((error as SipParseError).partial)).toBe(hasPartial);
  });

  it('never throws anything but SipParseError on random input', () => {
    for (let i = 0; i < 500; i++) {
      const base = Buffer.from(invite);
      for (let j = 0; j < 8; j++) base[Math.floor(Math.random() * base.length)] = Math.floor(Math.random() * 256);
      try {
        parseSipMessage(base.subarray(0, Math.floor(Math.random() * base.length)));
      } catch (err) {
        expect(err).toBeInstanceOf(SipParseError);
      }
    }
  });
});

describe('addresses', () => {
  it('parses URIs, name-addrs and Via', () => {
    expect(parseUri('sip:+1555@10.0.0.1:5070;transport=udp')).toEqual({
      scheme: 'sip',
      user: '+1555',
      host: '10.0.0.1',
      port: 5070,
      params: { transport: 'udp' },
    });
    expect(parseUri('sip:@')).toBeUndefined();
    expect(parseNameAddr('"Bob" <sip:bob@h;lr>;tag=9')).toEqual({ display: 'Bob', uri: 'sip:bob@h;lr', params: { tag: '9' } });
    expect(parseNameAddr('sip:bob@h;tag=9')).toEqual({ uri: 'sip:bob@h', params: { tag: '9' } });
    expect(parseVia('SIP/2.0/UDP 1.2.3.4:5060;branch=z9hG4bKx;rport')).toEqual({
      transport: 'UDP',
      host: '1.2.3.4',
      port: 5060,
      params: { branch: 'z9hG4bKx', rport: '' },
    });
  });
});

describe('digest', () => {
  it('matches the RFC 2617 §3.5 example (MD5, qop=auth)', () => {
    const challenge = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    const header = digestAuthorization({
      challenge,
      method: 'GET',
      uri: '/dir/index.html',
      username: 'Mufasa',
      password: 'Circle Of Life',
      cnonce: '0a4f113b',
    });
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('qop=auth, nc=00000001, cnonce="0a4f113b", opaque="5ccc069c403ebaf9f0171e9517f40e41"');
  });

  it('does the no-qop form and refuses unknown algorithms or auth-int only', () => {
    const plain = parseDigestChallenge('Digest realm="r", nonce="n"')!;
    expect(digestAuthorization({ challenge: plain, method: 'INVITE', uri: 'sip:a@b', username: 'u', password: 'p' })).not.toContain('qop=');
    const odd = parseDigestChallenge('Digest realm="r", nonce="n", algorithm=AKAv1-MD5')!;
    expect(digestAuthorization({ challenge: odd, method: 'INVITE', uri: 'sip:a@b', username: 'u', password: 'p' })).toBeUndefined();
    const intOnly = parseDigestChallenge('Digest realm="r", nonce="n", qop="auth-int"')!;
    expect(digestAuthorization({ challenge: intOnly, method: 'INVITE', uri: 'sip:a@b', username: 'u', password: 'p' })).toBeUndefined();
    expect(parseDigestChallenge('Basic realm="r"')).toBeUndefined();
  });
});

describe('per-source INVITE limiter', () => {
  it('accepts the burst, then rejects (503) within the reply budget, then drops; sources are separate; tokens refill', () => {
    let now = 0;
    const limiter = new SourceRateLimiter({ ratePerSecond: 10, burst: 20, rejectPerSecond: 2, rejectBurst: 5, maxSources: 100 }, () => now);
    const decisions = Array.from({ length: 30 }, () => limiter.take('10.0.0.1'));
    expect(decisions.filter((d) => d === 'accept')).toHaveLength(20);
    expect(decisions.slice(20, 25)).toEqual(Array(5).fill('reject'));
    expect(decisions.slice(25)).toEqual(Array(5).fill('drop'));
    expect(limiter.take('10.0.0.2')).toBe('accept');
    now += 100;
    expect(limiter.take('10.0.0.1')).toBe('accept');
  });
});
