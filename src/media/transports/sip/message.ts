/**
 * SIP message parsing and serialization (RFC 3261 §7, §20), strict on what a
 * UDP trunk can send us: one message per datagram, CRLF line ends (bare LF
 * tolerated), folded header lines, compact header names, comma-joined Via /
 * Route / Record-Route / Contact values split into separate entries, and a
 * body cut to Content-Length bytes. Anything else throws SipParseError, which
 * still carries the headers read so far so the caller can answer 400. Limits
 * keep what a stranger can make us parse and echo small: MAX_DATAGRAM bytes
 * (the caller drops larger datagrams unread), MAX_VIA Via values (513).
 */
export type SipHeaderList = Array<[name: string, value: string]>;

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaderList;
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaderList;
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

export class SipParseError extends Error {
  constructor(
    message: string,
    /** The request's method and headers when the start line and headers were readable: enough to answer 400. */
    readonly partial?: { method: string; headers: SipHeaderList },
    /** The status a request gets: 400, or 513 for a message over our limits. */
    readonly status: 400 | 513 = 400,
  ) {
    super(message);
    this.name = 'SipParseError';
  }
}

const COMPACT: Record<string, string> = {
  i: 'Call-ID',
  m: 'Contact',
  e: 'Content-Encoding',
  l: 'Content-Length',
  c: 'Content-Type',
  f: 'From',
  k: 'Supported',
  s: 'Subject',
  t: 'To',
  v: 'Via',
  r: 'Refer-To',
  o: 'Event',
  u: 'Allow-Events',
  b: 'Referred-By',
  x: 'Session-Expires',
  y: 'Identity',
};
const SPECIAL: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'mime-version': 'MIME-Version',
};
/** Headers whose comma-separated values are separate entries (RFC 3261 §7.3.1). */
const MULTI = new Set(['Via', 'Route', 'Record-Route', 'Contact']);
const TOKEN = /^[A-Za-z0-9\-.!%*_+`'~]+$/;
const MAX_HEADERS = 128;
/**
 * The largest datagram we read. A SIP message over UDP should stay under the path MTU (RFC 3261 §18.1.1, 1300
 * bytes without TCP); trunks' INVITEs are 1–3 KB. Anything larger is not a call we take over UDP.
 */
export const MAX_DATAGRAM = 8192;
/** Via values a request may carry: one per proxy it crossed. Ten is deep for a trunk; 400 is an amplification attempt. */
export const MAX_VIA = 10;

/** Canonical header name: compact forms expanded, case normalised (Call-ID, CSeq, WWW-Authenticate). */
export function canonicalName(name: string): string {
  const lower = name.toLowerCase();
  if (COMPACT[lower]) return COMPACT[lower];
  if (SPECIAL[lower]) return SPECIAL[lower];
  return lower.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());
}

/** Splits on commas outside quotes and angle brackets. */
export function splitCommas(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '<') depth++;
    else if (c === '>') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter((p) => p.length > 0);
}

export function parseSipMessage(data: Buffer): SipMessage {
  if (data.length < 16) throw new SipParseError('datagram too short for SIP');
  const headEnd = findHeadEnd(data);
  if (!headEnd) throw new SipParseError('no blank line after the headers');
  // Header bytes are UTF-8 text; reject control characters other than tab.
  const head = data.subarray(0, headEnd.index).toString('utf8');
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(head)) throw new SipParseError('control characters in the headers');
  const lines = head.split(/\r?\n/);
  const startLine = lines.shift() ?? '';
  const request = /^([A-Za-z0-9\-.!%*_+`'~]+) (\S+) SIP\/2\.0$/.exec(startLine);
  const response = /^SIP\/2\.0 ([1-6]\d\d) ?(.*)$/.exec(startLine);
  if (!request && !response) throw new SipParseError('not a SIP/2.0 start line');

  if (data.length > MAX_DATAGRAM) throw new SipParseError(`larger than ${MAX_DATAGRAM} bytes`, undefined, 513);
  const headers: SipHeaderList = [];
  let vias = 0;
  const fail = (why: string, status: 400 | 513 = 400): never => {
    throw new SipParseError(why, request ? { method: request[1].toUpperCase(), headers } : undefined, status);
  };
  const unfolded: string[] = [];
  for (const line of lines) {
    if (/^[ \t]/.test(line)) {
      if (unfolded.length === 0) fail('continuation line before any header');
      unfolded[unfolded.length - 1] += ' ' + line.trim();
    } else unfolded.push(line);
  }
  if (unfolded.length > MAX_HEADERS) fail('too many header lines');
  for (const line of unfolded) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    if (!TOKEN.test(name)) {
      fail(`malformed header line`);
    }
    const canonical = canonicalName(name);
    const value = line.slice(colon + 1).trim();
    const values = MULTI.has(canonical) && value !== '*' ? splitCommas(value) : [value];
    for (const v of values) headers.push([canonical, v]);
    if (canonical === 'Via') vias += values.length;
  }
  // Refused once every header is read, so the 513 can be addressed (From, To, Call-ID and CSeq may follow the Vias).
  if (vias > MAX_VIA) fail(`more than ${MAX_VIA} Via values`, 513);

  const bodyBytes = data.subarray(headEnd.index + headEnd.length);
  const lengthHeader = headerValue(headers, 'Content-Length');
  let body: Buffer = bodyBytes;
  if (lengthHeader !== undefined) {
    if (!/^\d{1,6}$/.test(lengthHeader)) fail('invalid Content-Length');
    const length = Number(lengthHeader);
    if (length > bodyBytes.length) fail('body shorter than Content-Length');
    body = bodyBytes.subarray(0, length);
  }
  const base = { headers, body: body.toString('utf8') };
  if (request) {
    const method = request[1].toUpperCase();
    checkRequired(headers, method, fail);
    return { kind: 'request', method, uri: request[2], ...base };
  }
  checkRequired(headers, undefined, fail);
  return { kind: 'response', status: Number(response![1]), reason: response![2], ...base };
}

function findHeadEnd(data: Buffer): { index: number; length: number } | undefined {
  const crlf = data.indexOf('\r\n\r\n');
  const lf = data.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { index: crlf, length: 4 };
  if (lf >= 0) return { index: lf, length: 2 };
  // A message with no body may end right after the last header's CRLF.
  if (data.subarray(-2).toString() === '\r\n') return { index: data.length - 2, length: 2 };
  return undefined;
}

/** RFC 3261 §8.1.1: every request and response carries these; CSeq's method must match a request's. */
function checkRequired(headers: SipHeaderList, method: string | undefined, fail: (why: string) => never): void {
  for (const name of ['Via', 'From', 'To', 'Call-ID', 'CSeq']) {
    if (!headerValue(headers, name)) fail(`missing ${name}`);
  }
  const cseq = parseCSeq(headerValue(headers, 'CSeq')!);
  if (!cseq) fail('malformed CSeq');
  if (method && cseq!.method !== method) fail('CSeq method differs from the request method');
}

export function headerValue(headers: SipHeaderList, name: string): string | undefined {
  for (const [n, v] of headers) if (n === name) return v;
  return undefined;
}

export function headerValues(headers: SipHeaderList, name: string): string[] {
  return headers.filter(([n]) => n === name).map(([, v]) => v);
}

export function parseCSeq(value: string): { seq: number; method: string } | undefined {
  const m = /^(\d{1,10})\s+([A-Za-z0-9\-.!%*_+`'~]+)$/.exec(value.trim());
  if (!m || Number(m[1]) > 2 ** 31 - 1) return undefined;
  return { seq: Number(m[1]), method: m[2].toUpperCase() };
}

/** Serializes with full header names and a Content-Length computed from the body's bytes. */
export function serializeSipMessage(message: SipMessage): Buffer {
  const start = message.kind === 'request' ? `${message.method} ${message.uri} SIP/2.0` : `SIP/2.0 ${message.status} ${message.reason}`;
  const body = Buffer.from(message.body, 'utf8');
  const lines = [start];
  for (const [name, value] of message.headers) if (name !== 'Content-Length') lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${body.length}`, '', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), body]);
}
