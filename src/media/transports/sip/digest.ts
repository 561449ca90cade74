/**
 * Digest access authentication (RFC 2617, RFC 7616 as SIP uses it, RFC 3261
 * §22). For requests we send: MD5, MD5-sess and SHA-256, with qop=auth or the
 * legacy no-qop form (auth-int is not offered by trunks in practice; we only
 * answer challenges that allow plain `auth` or no qop). For INVITEs we take
 * (DigestGuard): MD5 with qop=auth, and stateless nonces.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface DigestChallenge {
  realm: string;
  nonce: string;
  opaque?: string;
  algorithm: string;
  qop?: string[];
  stale?: boolean;
}

/** Parses `Digest realm="x", nonce="y", qop="auth,auth-int", ...`; undefined for other schemes or missing fields. */
export function parseDigestChallenge(header: string): DigestChallenge | undefined {
  const params = parseDigestParams(header);
  if (!params || params.realm === undefined || !params.nonce) return undefined;
  return {
    realm: params.realm,
    nonce: params.nonce,
    opaque: params.opaque,
    algorithm: (params.algorithm ?? 'MD5').toUpperCase(),
    qop: params.qop?.split(',').map((q) => q.trim().toLowerCase()),
    stale: params.stale?.toLowerCase() === 'true',
  };
}

const HASHES: Record<string, string> = { MD5: 'md5', 'MD5-SESS': 'md5', 'SHA-256': 'sha256', 'SHA-256-SESS': 'sha256' };

export interface DigestInput {
  challenge: DigestChallenge;
  method: string;
  uri: string;
  username: string;
  password: string;
  /** Fixed in tests; random otherwise. */
  cnonce?: string;
  nc?: number;
}

/** The Authorization / Proxy-Authorization value, or undefined when the challenge asks for something we do not do. */
export function digestAuthorization(input: DigestInput): string | undefined {
  const { challenge, method, uri, username, password } = input;
  const algo = HASHES[challenge.algorithm];
  if (!algo) return undefined;
  if (challenge.qop && !challenge.qop.includes('auth')) return undefined;
  const h = (s: string): string => createHash(algo).update(s, 'utf8').digest('hex');
  const cnonce = input.cnonce ?? randomBytes(8).toString('hex');
  const nc = (input.nc ?? 1).toString(16).padStart(8, '0');
  let ha1 = h(`${username}:${challenge.realm}:${password}`);
  if (challenge.algorithm.endsWith('-SESS')) ha1 = h(`${ha1}:${challenge.nonce}:${cnonce}`);
  const ha2 = h(`${method}:${uri}`);
  const qop = challenge.qop ? 'auth' : undefined;
  const response = qop ? h(`${ha1}:${challenge.nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : h(`${ha1}:${challenge.nonce}:${ha2}`);
  const quote = (s: string): string => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  const parts = [
    `username=${quote(username)}`,
    `realm=${quote(challenge.realm)}`,
    `nonce=${quote(challenge.nonce)}`,
    `uri=${quote(uri)}`,
    `response=${quote(response)}`,
    `algorithm=${challenge.algorithm}`,
  ];
  if (qop) parts.push(`qop=${qop}`, `nc=${nc}`, `cnonce=${quote(cnonce)}`);
  if (challenge.opaque !== undefined) parts.push(`opaque=${quote(challenge.opaque)}`);
  return `Digest ${parts.join(', ')}`;
}

/** The parameters of a `Digest k=v, k="v"` header (names lower-cased, quotes and escapes removed); undefined for other schemes. */
function parseDigestParams(header: string): Record<string, string> | undefined {
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))\s*(?:,|$)/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(m[1]))) params[match[1].toLowerCase()] = (match[2] ?? match[3]).replace(/\\(.)/g, '$1');
  return params;
}

/** What an INVITE's Authorization proves: `ok`, nothing yet (`missing`, `stale`, `unknown_nonce`: challenge again), or `wrong` (refuse). */
export type DigestVerdict = 'ok' | 'missing' | 'stale' | 'unknown_nonce' | 'wrong';

/**
 * Challenges and checks digest credentials on requests we receive, with no
 * state per call: a nonce is `<expiry>.<random>.<HMAC(key, expiry, random,
 * source address)>`, so any process sharing the key can check a retried
 * INVITE, a nonce works from the address it was given to only and only until
 * it expires (then the caller is challenged again with stale=true). The cost:
 * within its lifetime a nonce can be replayed from that same address (no
 * nonce-count tracking), which a caller that can spoof the address could do
 * anyway only for the request it saw (the response binds method and URI).
 */
export class DigestGuard {
  constructor(
    private readonly key: Buffer,
    readonly realm: string,
    private readonly ttlSeconds = 60,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The WWW-Authenticate value of a 401 to a request from `source`. */
  challenge(source: string, stale = false): string {
    const nonce = this.nonce(source, Math.floor(this.now() / 1000) + this.ttlSeconds, randomBytes(9).toString('base64url'));
    return `Digest realm="${this.realm}", nonce="${nonce}", algorithm=MD5, qop="auth"${stale ? ', stale=true' : ''}`;
  }

  verify(
    authorization: string | undefined,
    request: { method: string; uri: string },
    source: string,
    credentials: { username: string; password: string },
  ): DigestVerdict {
    const params = authorization ? parseDigestParams(authorization) : undefined;
    if (!params?.nonce || !params.response) return 'missing';
    const [expiry, random, mac, extra] = params.nonce.split('.');
    if (extra !== undefined || !/^\d{1,12}$/.test(expiry ?? '') || !random || !mac || !sameText(this.nonce(source, Number(expiry), random), params.nonce)) {
      return 'unknown_nonce';
    }
    if (Number(expiry) < this.now() / 1000) return 'stale';
    if (params.realm !== this.realm || params.uri !== request.uri || params.username !== credentials.username) return 'wrong';
    if ((params.algorithm ?? 'MD5').toUpperCase() !== 'MD5') return 'wrong';
    const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
    const ha1 = md5(`${credentials.username}:${this.realm}:${credentials.password}`);
    const ha2 = md5(`${request.method}:${request.uri}`);
    let expected: string;
    if (params.qop === undefined) expected = md5(`${ha1}:${params.nonce}:${ha2}`);
    else if (params.qop.toLowerCase() === 'auth' && /^[0-9a-f]{8}$/i.test(params.nc ?? '') && params.cnonce) {
      expected = md5(`${ha1}:${params.nonce}:${params.nc}:${params.cnonce}:auth:${ha2}`);
    } else return 'wrong';
    return sameText(expected, params.response.toLowerCase()) ? 'ok' : 'wrong';
  }

  private nonce(source: string, expiry: number, random: string): string {
    const mac = createHmac('sha256', this.key).update(`${expiry}.${random}.${source}`).digest('base64url').slice(0, 22);
    return `${expiry}.${random}.${mac}`;
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
