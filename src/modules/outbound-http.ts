import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, errors as undiciErrors, request, type Dispatcher } from 'undici';
import { DomainError } from './errors.js';

/**
 * Outbound HTTP to addresses a user typed (a model provider's base URL now;
 * webhooks and external MCP servers later). An organization must not be able
 * to point the platform at its own network: loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and
 * reserved ranges are refused after DNS resolution, in the connection's own
 * lookup, so a name that resolves to a private address between a check and
 * the connect (DNS rebinding) is still refused. Hosts named in
 * `OUTBOUND_ALLOWED_HOSTS` skip the check (tests: 127.0.0.1; a self-hosted
 * model server on the private network).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/**
 * The eight 16-bit groups of an IPv6 literal in any spelling (`::`, a trailing
 * dotted quad, a zone id), or undefined when it is not one.
 */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number);
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const fill = 8 - head.length - tail.length;
  if (halves.length === 1 ? fill !== 0 : fill < 1) return undefined;
  const groups = [...head, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...tail];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address carries, for the ranges that route to
 * them: IPv4-compatible (::/96), IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48),
 * 6to4 (2002::/16) and Teredo (2001::/32: the server, and the client
 * obfuscated by inverting its bits). `::7f00:1` is 127.0.0.1 in disguise.
 */
function embeddedIpv4(g: number[]): string[] {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zero(0, 6)) return [ipv4Of(g[6], g[7])];
  if (zero(0, 5) && g[5] === 0xffff) return [ipv4Of(g[6], g[7])];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x64 && g[1] === 0xff9b && (zero(2, 6) || g[2] === 1)) return [ipv4Of(g[6], g[7])];
  if (g[0] === 0x2002) return [ipv4Of(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [ipv4Of(g[2], g[3]), ipv4Of(~g[6] & 0xffff, ~g[7] & 0xffff)];
  return [];
}

/** True when `address` (an IP literal) is one the platform must not call. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''));
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return true;
    // `::` and `::1` are themselves unspecified and loopback, not embeddings.
    if (groups.slice(0, 7).every((x) => x === 0) && groups[7] <= 1) return true;
    const embedded = embeddedIpv4(groups);
    if (embedded.some((v4) => blocked.check(v4, 'ipv4'))) return true;
    return blocked.check(groups.map((x) => x.toString(16)).join(':'), 'ipv6');
  }
  return true;
}

type LookupAllOptions = { all?: boolean; family?: number; hints?: number };
/** A DNS lookup in the shape of `dns.lookup` with `all: true`; tests pass one that answers a private address. */
export type Lookup = (
  hostname: string,
  options: LookupAllOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The bare host: no IPv6 brackets, lower case, no trailing dot (`localhost.` is localhost). */
const stripBrackets = (host: string) =>
  host
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();

export class ForbiddenAddressError extends Error {
  readonly code = 'FORBIDDEN_ADDRESS';
  constructor(host: string, address: string) {
    super(
      `${host} resolves to ${address}, a private or reserved address the platform does not call ` +
        `(an operator can allow a host of their own network with OUTBOUND_ALLOWED_HOSTS=${host})`,
    );
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * An undici dispatcher whose connections refuse forbidden addresses unless
 * their host is allowed. IP literals never reach a lookup (Node connects to
 * them directly), so callers also run `checkUrlHost` before the request.
 */
export function guardedDispatcher(allowedHosts: readonly string[], lookup: Lookup = dnsLookup): Agent {
  const allowed = new Set(allowedHosts.map(stripBrackets));
  return new Agent({
    connect: {
      lookup: ((hostname: string, options: LookupAllOptions, callback: LookupCallback) => {
        lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
          if (error) return callback(error, '');
          if (!allowed.has(stripBrackets(hostname))) {
            const bad = addresses.find((a) => isForbiddenAddress(a.address));
            if (bad) return callback(Object.assign(new ForbiddenAddressError(hostname, bad.address), { errno: undefined }), '');
          }
          // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
          if (options.all) return callback(null, addresses);
          return callback(null, addresses[0].address, addresses[0].family);
        });
      }) as unknown as LookupFunction,
    },
  });
}

/** Refuses a URL whose host is a forbidden IP literal (the dispatcher's lookup never sees those). */
export function checkUrlHost(url: URL, allowedHosts: readonly string[]): void {
  const host = stripBrackets(url.hostname);
  if (allowedHosts.map(stripBrackets).includes(host)) return;
  if (isIP(host) && isForbiddenAddress(host)) throw new ForbiddenAddressError(host, host);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new ForbiddenAddressError(host, '127.0.0.1');
}

/** The same check as a validation error, for URLs users register (refused when saved, not only when called). */
export function assertPublicUrl(value: string, field: string, allowedHosts: readonly string[]): void {
  try {
    checkUrlHost(new URL(value), allowedHosts);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) {
      throw new DomainError('VALIDATION_FAILED', error.message, {
        issues: [{ field, message: 'must not be a private, loopback or reserved address (unless the operator lists its host in OUTBOUND_ALLOWED_HOSTS)' }],
      });
    }
    throw error;
  }
}

/** Why a safe request failed; `forbidden_address` also for a redirect into a forbidden address. */
/** `unknown_host`: the name does not exist in DNS (NXDOMAIN), which is the caller's typo, not an outage. */
export type OutboundErrorKind = 'invalid_url' | 'forbidden_address' | 'unknown_host' | 'too_many_redirects' | 'timeout' | 'too_large' | 'network';

export class OutboundRequestError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRequestError';
  }
}

export interface SafeRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Hosts that may be private (config OUTBOUND_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** DNS lookup; defaults to dns.lookup. A dispatcher built with it is used (and closed) for this request. */
  lookup?: Lookup;
  /** Reuse a guarded dispatcher (guardedDispatcher) instead of making one per request. */
  dispatcher?: Dispatcher;
  /** Whole request, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The same body as bytes (binary downloads: voice samples); always set by safeRequest. */
  bytes?: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

export const SAFE_DEFAULTS = { timeoutMs: 10_000, maxBytes: 2 * 1024 * 1024, maxRedirects: 3 } as const;

/** Headers that are safe to carry to another origin on a redirect; auth and custom headers stay with the origin they were meant for. */
const CROSS_ORIGIN_HEADERS = new Set(['accept', 'content-type', 'user-agent', 'idempotency-key']);

/** Parses and checks one address (the first, or a redirect's target) before anything is sent to it. */
function checkTarget(raw: string, base: URL | undefined, allowedHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new OutboundRequestError('invalid_url', `${raw.slice(0, 200)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRequestError('invalid_url', `Only http and https URLs are called, not ${url.protocol}`);
  if (url.username || url.password) throw new OutboundRequestError('invalid_url', 'URLs must not carry credentials (user:password@); send them as headers');
  try {
    checkUrlHost(url, allowedHosts);
  } catch (error) {
    if (error instanceof ForbiddenAddressError) throw new OutboundRequestError('forbidden_address', error.message);
    throw error;
  }
  return url;
}

/**
 * The one way to call a user-supplied URL (imported HTTP tools, knowledge
 * URLs; webhooks and MCP servers later): http(s) only, no credentials in
 * the URL, forbidden addresses refused for IP literals here and for names in
 * the dispatcher's lookup (after DNS, so rebinding does not help), redirects
 * followed by hand (at most `maxRedirects`) with every target checked the
 * same way, one timeout over the whole exchange, and the body cut off at
 * `maxBytes`. Any status is returned (a 500 is an answer); only transport
 * and policy failures throw, always as OutboundRequestError.
 */
export async function safeRequest(raw: string, options: SafeRequestOptions): Promise<SafeResponse> {
  const timeoutMs = options.timeoutMs ?? SAFE_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? SAFE_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_DEFAULTS.maxRedirects;
  const own = options.dispatcher ? null : guardedDispatcher(options.allowedHosts, options.lookup);
  const dispatcher = options.dispatcher ?? own!;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkTarget(raw, undefined, options.allowedHosts);
  let method = (options.method ?? 'GET').toUpperCase();
  let body = options.body;
  let headers = { ...options.headers };
  try {
    for (let hop = 0; ; hop++) {
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, { method: method as Dispatcher.HttpMethod, headers, body, dispatcher, signal });
      } catch (error) {
        throw transportError(error, url, timeoutMs);
      }
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) throw new OutboundRequestError('too_many_redirects', `More than ${maxRedirects} redirects from ${raw.slice(0, 200)}`);
        const next = checkTarget(String(Array.isArray(location) ? location[0] : location), url, options.allowedHosts);
        // 303, and 301/302 after a POST (what browsers do), continue as a GET without the body.
        if (response.statusCode === 303 || ((response.statusCode === 301 || response.statusCode === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
        }
        if (next.origin !== url.origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => CROSS_ORIGIN_HEADERS.has(k.toLowerCase())));
        url = next;
        continue;
      }
      const bytes = await readCapped(response.body, maxBytes, url, timeoutMs);
      const flat: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers)) if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
      return { status: response.statusCode, headers: flat, text: bytes.toString('utf8'), bytes, url: url.toString() };
    }
  } finally {
    if (own) await own.destroy().catch(() => undefined);
  }
}

async function readCapped(body: Dispatcher.ResponseData['body'], maxBytes: number, url: URL, timeoutMs: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        body.destroy();
        throw new OutboundRequestError('too_large', `${url.host} answered with more than ${maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw transportError(error, url, timeoutMs);
  }
  return Buffer.concat(chunks);
}

function transportError(error: unknown, url: URL, timeoutMs: number): OutboundRequestError {
  if (error instanceof OutboundRequestError) return error;
  const forbidden = error instanceof ForbiddenAddressError ? error : (error as { cause?: unknown })?.cause;
  if (forbidden instanceof ForbiddenAddressError) return new OutboundRequestError('forbidden_address', forbidden.message);
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError' || error instanceof undiciErrors.HeadersTimeoutError || error instanceof undiciErrors.BodyTimeoutError) {
    return new OutboundRequestError('timeout', `${url.host} did not answer within ${timeoutMs} ms`);
  }
  if (errorCodes(error).includes('ENOTFOUND')) return new OutboundRequestError('unknown_host', `${url.hostname} does not exist (DNS has no such name)`);
  return new OutboundRequestError('network', `Could not reach ${url.host}: ${(error as Error)?.message ?? String(error)}`);
}

/** The `code`s along an error's cause chain (undici wraps the socket's error). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}
