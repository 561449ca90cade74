import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
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
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** True when `address` (an IP literal) is one the platform must not call. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // IPv4-mapped (::ffff:10.0.0.1) is the IPv4 address in disguise.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

type LookupAllOptions = { all?: boolean; family?: number; hints?: number };
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1').toLowerCase();

export class ForbiddenAddressError extends Error {
  readonly code = 'FORBIDDEN_ADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or reserved address the platform does not call`);
    this.name = 'ForbiddenAddressError';
  }
}

/**
 * An undici dispatcher whose connections refuse forbidden addresses unless
 * their host is allowed. IP literals never reach a lookup (Node connects to
 * them directly), so callers also run `checkUrlHost` before the request.
 */
export function guardedDispatcher(allowedHosts: readonly string[]): Agent {
  const allowed = new Set(allowedHosts.map(stripBrackets));
  return new Agent({
    connect: {
      lookup: ((hostname: string, options: LookupAllOptions, callback: LookupCallback) => {
        dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
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
      throw new DomainError('VALIDATION_FAILED', error.message, { issues: [{ field, message: 'must not be a private, loopback or reserved address' }] });
    }
    throw error;
  }
}
