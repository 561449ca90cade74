/**
 * Digest access authentication for requests we send (RFC 2617, RFC 7616 as
 * SIP uses it, RFC 3261 §22): MD5, MD5-sess and SHA-256, with qop=auth or the
 * legacy no-qop form. auth-int is not offered by trunks in practice; we only
 * answer challenges that allow plain `auth` or no qop.
 */
import { createHash, randomBytes } from 'node:crypto';

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
  const m = /^\s*Digest\s+(.*)$/is.exec(header);
  if (!m) return undefined;
  const params: Record<string, string> = {};
  const re = /([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))\s*(?:,|$)/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(m[1]))) params[match[1].toLowerCase()] = match[2] ?? match[3];
  if (params.realm === undefined || !params.nonce) return undefined;
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
