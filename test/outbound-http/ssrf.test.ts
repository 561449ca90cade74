import { describe, it, expect, beforeAll, afterAll } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isForbiddenAddress, OutboundRequestError, safeRequest, type Lookup } from '../../src/modules/outbound-http.js';

/**
 * The safe client against a real server on 127.0.0.1. Loopback is allowed
 * only where a test says so (allowedHosts ['127.0.0.1'], as the test
 * configuration sets OUTBOUND_ALLOWED_HOSTS); everything else runs with an
 * empty allowlist, as production does.
 */
let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return void res.end('fine');
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok' });
      return void res.end();
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    }
    if (url.pathname === '/big') return void res.end('x'.repeat(10_000));
    if (url.pathname === '/slow') return; // never answers: the timeout must end it
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function refusal(url: string, options: { allowedHosts?: string[]; lookup?: Lookup } = {}): Promise<OutboundRequestError> {
  try {
    await safeRequest(url, { allowedHosts: options.allowedHosts ?? [], lookup: options.lookup, timeoutMs: 2000 });
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRequestError);
    return error as OutboundRequestError;
  }
  throw new Error(`${url} was not refused`);
}

describe('safeRequest refuses private, loopback and reserved addresses outside the allowlist', () => {
  const forms = [
    'http://127.0.0.1/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[fe80::1]/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://[::]/',
    // IPv6 spellings that embed or map a private IPv4 address (hardening issue, item 4).
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b:1::a9fe:a9fe]/',
    'http://[2002:7f00:1::1]/',
    'http://[2002:a9fe:a9fe::]/',
    'http://[2001:0:7f00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[::a9fe:a9fe]/',
    'http://[::ffff:a00:1]/',
  ];
  it.each(forms)('%s', async (url) => {
    const before = hits;
    const error = await refusal(url);
    expect(error.kind).toBe('forbidden_address');
    expect(error.message).toMatch(/private or reserved address/);
    expect(hits).toBe(before);
  });

  it('refuses a name that resolves to a private address (the lookup is injected; dns.lookup by default)', async () => {
    const lookup: Lookup = (_host, _options, callback) => callback(null, [{ address: '10.0.0.5', family: 4 }]);
    const error = await refusal('http://intranet.example.com/', { lookup });
    expect(error.kind).toBe('forbidden_address');
    expect(error.message).toBe(
      'intranet.example.com resolves to 10.0.0.5, a private or reserved address the platform does not call ' +
        '(an operator can allow a host of their own network with OUTBOUND_ALLOWED_HOSTS=intranet.example.com)',
    );
  });

  it('refuses a name that resolves to an IPv6 address embedding a private IPv4 one', async () => {
    for (const address of ['::7f00:1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a9fe:a9fe', '64:ff9b::a00:1', '2002:c0a8:101::1']) {
      const lookup: Lookup = (_host, _options, callback) => callback(null, [{ address, family: 6 }]);
      const error = await refusal('http://sneaky.example.com/', { lookup });
      expect([address, error.kind]).toEqual([address, 'forbidden_address']);
    }
  });

  it('reads the IPv4 inside each embedding range, so public ones stay callable', () => {
    const forbidden = [
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:7f00:1',
      '0000:0000:0000:0000:0000:FFFF:7F00:0001',
      '::ffff:0:7f00:1',
      '64:ff9b::7f00:1',
      '2002:a9fe:a9fe::1',
      '2001:0:7f00:1::',
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      'fe80::1%eth0',
      '1:2:3',
    ];
    for (const ip of forbidden) expect([ip, isForbiddenAddress(ip)]).toEqual([ip, true]);
    for (const ip of ['::ffff:8.8.8.8', '::808:808', '2002:808:808::1', '2001:0:808:808::f7f7:f7f7', '2606:4700:4700::1111']) {
      expect([ip, isForbiddenAddress(ip)]).toEqual([ip, false]);
    }
  });

  it('refuses a redirect from an allowed server into the metadata address or 10/8, before calling it', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/admin', 'http://[::ffff:a00:1]/']) {
      const error = await refusal(`${base}/redirect?to=${encodeURIComponent(target)}`, { allowedHosts: ['127.0.0.1'] });
      expect(error.kind).toBe('forbidden_address');
    }
    // A redirect to a name that resolves privately is refused in the lookup.
    const lookup: Lookup = (host, options, callback) =>
      host === '127.0.0.1' ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, [{ address: '192.168.7.7', family: 4 }]);
    const error = await refusal(`${base}/redirect?to=${encodeURIComponent('http://printer.example.com/')}`, { allowedHosts: ['127.0.0.1'], lookup });
    expect(error.kind).toBe('forbidden_address');
  });

  it('refuses other schemes, credentials in the URL and garbage', async () => {
    expect((await refusal('file:///etc/passwd')).kind).toBe('invalid_url');
    expect((await refusal('ftp://example.com/')).kind).toBe('invalid_url');
    expect((await refusal('http://user:pw@example.com/')).kind).toBe('invalid_url');
    expect((await refusal('not a url')).kind).toBe('invalid_url');
    expect((await refusal(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { allowedHosts: ['127.0.0.1'] })).kind).toBe('invalid_url');
  });
});

describe('safeRequest inside the allowlist', () => {
  it('calls the allowed loopback server and follows a redirect within it', async () => {
    const response = await safeRequest(`${base}/redirect?to=/ok`, { allowedHosts: ['127.0.0.1'] });
    expect(response).toMatchObject({ status: 200, text: 'fine', url: `${base}/ok` });
  });

  it('stops after a few redirects', async () => {
    const error = await refusal(`${base}/loop`, { allowedHosts: ['127.0.0.1'] });
    expect(error.kind).toBe('too_many_redirects');
  });

  it('cuts a response off at the size cap', async () => {
    await expect(safeRequest(`${base}/big`, { allowedHosts: ['127.0.0.1'], maxBytes: 1000 })).rejects.toMatchObject({ kind: 'too_large' });
    expect((await safeRequest(`${base}/big`, { allowedHosts: ['127.0.0.1'] })).text).toHaveLength(10_000);
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    await expect(safeRequest(`${base}/slow`, { allowedHosts: ['127.0.0.1'], timeoutMs: 300 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
