/**
 * The structured header values a user agent needs: SIP URIs, name-addr values
 * (From, To, Contact, Route) with their parameters, and Via. Parsers return
 * undefined on malformed input so callers decide between 400 and dropping.
 */
import { randomBytes } from 'node:crypto';

export interface SipUri {
  scheme: 'sip' | 'sips' | 'tel';
  user?: string;
  host: string;
  port?: number;
  params: Record<string, string>;
}

export interface NameAddr {
  display?: string;
  uri: string;
  params: Record<string, string>;
}

export interface Via {
  transport: string;
  host: string;
  port?: number;
  params: Record<string, string>;
}

function parseParams(text: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const part of text.split(';')) {
    const p = part.trim();
    if (!p) continue;
    const eq = p.indexOf('=');
    const key = (eq < 0 ? p : p.slice(0, eq)).trim().toLowerCase();
    params[key] =
      eq < 0
        ? ''
        : p
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
  }
  return params;
}

function parseHostPort(text: string): { host: string; port?: number } | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9\-.]+)(?::(\d{1,5}))?$/.exec(text);
  if (!m) return undefined;
  const port = m[2] === undefined ? undefined : Number(m[2]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return { host: m[1], port };
}

export function parseUri(text: string): SipUri | undefined {
  const m = /^(sips?|tel):([^;?]+)((?:;[^?]*)?)(?:\?.*)?$/i.exec(text.trim());
  if (!m) return undefined;
  const scheme = m[1].toLowerCase() as SipUri['scheme'];
  const params = parseParams(m[3]);
  if (scheme === 'tel') return { scheme, user: m[2], host: '', params };
  const at = m[2].lastIndexOf('@');
  const user = at >= 0 ? decodeURIComponentSafe(m[2].slice(0, at).split(':')[0]) : undefined;
  const hostPort = parseHostPort(at >= 0 ? m[2].slice(at + 1) : m[2]);
  if (!hostPort || (user !== undefined && user.length === 0)) return undefined;
  return { scheme, user, ...hostPort, params };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `"Alice" <sip:a@b>;tag=1` or `sip:a@b;tag=1` (then the parameters belong to the header, RFC 3261 §20.10). */
export function parseNameAddr(text: string): NameAddr | undefined {
  const value = text.trim();
  const lt = value.indexOf('<');
  if (lt >= 0) {
    const gt = value.indexOf('>', lt);
    if (gt < 0) return undefined;
    const display =
      value
        .slice(0, lt)
        .trim()
        .replace(/^"(.*)"$/, '$1') || undefined;
    const uri = value.slice(lt + 1, gt).trim();
    if (!parseUri(uri)) return undefined;
    return { display, uri, params: parseParams(value.slice(gt + 1)) };
  }
  const semi = value.indexOf(';');
  const uri = semi < 0 ? value : value.slice(0, semi);
  if (!parseUri(uri)) return undefined;
  return { uri, params: parseParams(semi < 0 ? '' : value.slice(semi)) };
}

export function formatNameAddr(addr: NameAddr): string {
  const display = addr.display ? `"${addr.display.replace(/["\\]/g, '')}" ` : '';
  const params = Object.entries(addr.params)
    .map(([k, v]) => (v === '' ? `;${k}` : `;${k}=${v}`))
    .join('');
  return `${display}<${addr.uri}>${params}`;
}

export function parseVia(text: string): Via | undefined {
  const m = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z]+)\s+([^;\s]+)\s*(;.*)?$/i.exec(text.trim());
  if (!m) return undefined;
  const hostPort = parseHostPort(m[2]);
  if (!hostPort) return undefined;
  return { transport: m[1].toUpperCase(), ...hostPort, params: parseParams(m[3] ?? '') };
}

/** RFC 3261 §8.1.1.7: branches start with the magic cookie so transactions can be matched on them. */
export function newBranch(): string {
  return `z9hG4bK${randomToken(16)}`;
}

/** Tags, branches and Call-IDs must be globally unique and hard to guess (RFC 3261 §19.3). */
export function randomToken(length = 10): string {
  return randomBytes(Math.ceil(length / 2))
    .toString('hex')
    .slice(0, length);
}
