/**
 * The SDP a trunk call needs (RFC 4566, offer/answer per RFC 3264): one audio
 * stream, G.711 (PCMU 0, PCMA 8) and RFC 4733 telephone-event. Parsing keeps
 * what negotiation uses; building writes a minimal answer or offer. Media
 * other than the first audio stream is rejected in the answer with port 0.
 */
import { isIPv4, isIPv6 } from 'node:net';

export type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';

export interface SdpMedia {
  type: string;
  port: number;
  proto: string;
  payloadTypes: number[];
  rtpmap: Map<number, { encoding: string; clockRate: number }>;
  direction: Direction;
  ptime?: number;
  connection?: string;
}

export interface SessionDescription {
  origin: { sessionId: string; version: string; address: string };
  connection?: string;
  media: SdpMedia[];
}

export class SdpError extends Error {
  override name = 'SdpError';
}

const DIRECTIONS = new Set<Direction>(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
/** Static payload types that may appear without an rtpmap (RFC 3551). */
const STATIC: Record<number, { encoding: string; clockRate: number }> = {
  0: { encoding: 'PCMU', clockRate: 8000 },
  8: { encoding: 'PCMA', clockRate: 8000 },
  18: { encoding: 'G729', clockRate: 8000 },
};

/** Control characters (NUL and the like) have no place in SDP (RFC 4566 §9 allows none outside CRLF). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

export function parseSdp(text: string): SessionDescription {
  if (CONTROL.test(text)) throw new SdpError('control character in SDP');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  if (lines[0] !== 'v=0') throw new SdpError('SDP must start with v=0');
  let origin: SessionDescription['origin'] | undefined;
  let connection: string | undefined;
  let sessionDirection: Direction = 'sendrecv';
  const media: SdpMedia[] = [];
  for (const line of lines) {
    const m = /^([a-z])=(.*)$/.exec(line);
    if (!m) throw new SdpError(`malformed SDP line`);
    const [, type, value] = m;
    const current = media[media.length - 1];
    if (type === 'o') {
      const o = value.split(' ');
      if (o.length !== 6) throw new SdpError('malformed o= line');
      origin = { sessionId: o[1], version: o[2], address: o[5] };
    } else if (type === 'c') {
      const c = /^IN IP[46] (\S+)$/.exec(value);
      if (!c) throw new SdpError('malformed c= line');
      if (current) current.connection = c[1].split('/')[0];
      else connection = c[1].split('/')[0];
    } else if (type === 'm') {
      const mm = /^(\w+) (\d{1,5})(?:\/\d+)? (\S+)((?: \S+)*)$/.exec(value);
      if (!mm || Number(mm[2]) > 65535) throw new SdpError('malformed m= line');
      const formats = mm[4].trim().split(' ').filter(Boolean);
      const payloadTypes = mm[3].startsWith('RTP/') ? formats.map(Number) : [];
      if (payloadTypes.some((pt) => !Number.isInteger(pt) || pt < 0 || pt > 127)) throw new SdpError('bad payload type');
      media.push({ type: mm[1], port: Number(mm[2]), proto: mm[3], payloadTypes, rtpmap: new Map(), direction: sessionDirection });
    } else if (type === 'a') {
      const [attr, ...rest] = value.split(':');
      const arg = rest.join(':');
      if (DIRECTIONS.has(attr as Direction)) {
        if (current) current.direction = attr as Direction;
        else sessionDirection = attr as Direction;
      } else if (attr === 'rtpmap' && current) {
        const r = /^(\d{1,3}) ([^/\s]+)\/(\d+)/.exec(arg);
        if (r) current.rtpmap.set(Number(r[1]), { encoding: r[2].toUpperCase(), clockRate: Number(r[3]) });
      } else if (attr === 'ptime' && current && /^\d{1,4}$/.test(arg)) current.ptime = Number(arg);
    }
  }
  if (!origin) throw new SdpError('SDP without o= line');
  return { origin, connection, media };
}

export interface Negotiated {
  /** Index of the audio stream in the offer's m= lines. */
  mediaIndex: number;
  codec: { payloadType: number; name: 'PCMU' | 'PCMA' };
  telephoneEvent?: number;
  remoteAddress: string;
  remotePort: number;
  /** The direction the offerer asked for. */
  remoteDirection: Direction;
  /** What our answer says (the mirror of the offer). */
  localDirection: Direction;
  ptime: number;
}

export function mirrorDirection(direction: Direction): Direction {
  if (direction === 'sendonly') return 'recvonly';
  if (direction === 'recvonly') return 'sendonly';
  return direction;
}

function encodingOf(media: SdpMedia, pt: number): { encoding: string; clockRate: number } | undefined {
  return media.rtpmap.get(pt) ?? STATIC[pt];
}

/**
 * What negotiation accepts besides codecs. Every address we will send RTP to
 * comes from here, so it is checked here, for every direction (an INVITE's
 * offer, a re-INVITE's, an outbound call's answer).
 */
export interface NegotiateOptions {
  /** The address family of our RTP socket: an SDP address of the other family is refused (default IPv4: our SDP says IN IP4). */
  family?: 'IPv4' | 'IPv6';
  /** The SIP peer's address: a loopback media address is refused unless the peer is on loopback itself. */
  peer?: string;
}

export type Negotiation = { negotiated: Negotiated } | { refused: string };

/** Picks PCMU, else PCMA, from the first usable audio stream; undefined when there is none or its address or port is refused. */
export function negotiate(offer: SessionDescription, options: NegotiateOptions = {}): Negotiated | undefined {
  const result = negotiateOrRefuse(offer, options);
  return 'negotiated' in result ? result.negotiated : undefined;
}

/** negotiate() with the reason for a refusal, for the Warning of a 488 and the log. */
export function negotiateOrRefuse(offer: SessionDescription, options: NegotiateOptions = {}): Negotiation {
  const mediaIndex = offer.media.findIndex((m) => m.type === 'audio' && m.port > 0 && m.proto.startsWith('RTP/AVP'));
  if (mediaIndex < 0) return { refused: 'no enabled RTP audio stream (port 0 disables one)' };
  const audio = offer.media[mediaIndex];
  const has = (name: string): number | undefined =>
    audio.payloadTypes.find((pt) => {
      const e = encodingOf(audio, pt);
      return e?.encoding === name && e.clockRate === 8000;
    });
  const pcmu = has('PCMU');
  const pcma = has('PCMA');
  const codec = pcmu !== undefined ? ({ payloadType: 0, name: 'PCMU' } as const) : pcma !== undefined ? ({ payloadType: 8, name: 'PCMA' } as const) : undefined;
  // G.711 dynamic mappings to other numbers are legal but unseen on trunks; insist on the static numbers.
  if (!codec || (pcmu !== undefined ? pcmu !== 0 : pcma !== 8)) return { refused: 'only PCMU/PCMA audio' };
  // RTCP goes to the port above (RFC 3550 §11): 65535 would put it at 65536, which no socket can send to.
  if (audio.port > 65534) return { refused: `media port ${audio.port} leaves no room for RTCP` };
  const address = audio.connection ?? offer.connection;
  if (!address) return { refused: 'no c= line for the audio stream' };
  const why = addressRefusal(address, options);
  if (why) return { refused: why };
  // RFC 3264 §8.4: the old hold style sets c=0.0.0.0; treat it as sendonly.
  const remoteDirection: Direction = address === '0.0.0.0' && audio.direction === 'sendrecv' ? 'sendonly' : audio.direction;
  return {
    negotiated: {
      mediaIndex,
      codec,
      telephoneEvent: has('TELEPHONE-EVENT'),
      remoteAddress: address,
      remotePort: audio.port,
      remoteDirection,
      localDirection: mirrorDirection(remoteDirection),
      ptime: audio.ptime ?? 20,
    },
  };
}

/**
 * Why we will not send media to `address`, or undefined. Only IP literals of
 * our socket's family: a host name would make every packet a DNS lookup of
 * the caller's choosing. Multicast and broadcast would fan our audio out; a
 * loopback address from a peer that is not on loopback would point our RTP at
 * the services of this machine.
 */
function addressRefusal(address: string, options: NegotiateOptions): string | undefined {
  const family = options.family ?? 'IPv4';
  const v4 = isIPv4(address);
  if (!v4 && !isIPv6(address)) return 'the media address is not an IP address';
  if ((v4 ? 'IPv4' : 'IPv6') !== family) return `the media address is not ${family}`;
  if (v4) {
    const first = Number(address.split('.')[0]);
    if (first >= 224) return 'the media address is multicast or reserved';
  } else if (/^ff/i.test(address)) return 'the media address is multicast';
  if (options.peer !== undefined && isLoopback(address) && !isLoopback(options.peer)) return 'a loopback media address from a peer that is not on loopback';
  return undefined;
}

function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
}

export interface LocalMedia {
  address: string;
  port: number;
  sessionId: string;
  /** Bumped on each new description in a session (RFC 3264 §8). */
  version: number;
}

function sdpLines(local: LocalMedia, codecs: Array<{ pt: number; map: string }>, direction: Direction, ptime: number): string[] {
  return [
    'v=0',
    `o=- ${local.sessionId} ${local.version} IN IP4 ${local.address}`,
    's=-',
    `c=IN IP4 ${local.address}`,
    't=0 0',
    `m=audio ${local.port} RTP/AVP ${codecs.map((c) => c.pt).join(' ')}`,
    ...codecs.map((c) => `a=rtpmap:${c.pt} ${c.map}`),
    ...codecs.filter((c) => c.map.startsWith('telephone-event')).map((c) => `a=fmtp:${c.pt} 0-16`),
    `a=ptime:${ptime}`,
    `a=${direction}`,
  ];
}

/** The answer to `offer` given what negotiate() chose; other m= lines are refused with port 0. */
export function buildAnswer(offer: SessionDescription, negotiated: Negotiated, local: LocalMedia): string {
  const codecs = [{ pt: negotiated.codec.payloadType, map: `${negotiated.codec.name}/8000` }];
  if (negotiated.telephoneEvent !== undefined) codecs.push({ pt: negotiated.telephoneEvent, map: 'telephone-event/8000' });
  const lines = sdpLines(local, codecs, negotiated.localDirection, negotiated.ptime);
  const head = lines.slice(0, 5);
  const audio = lines.slice(5);
  const out = [...head];
  offer.media.forEach((m, i) => {
    if (i === negotiated.mediaIndex) out.push(...audio);
    else out.push(`m=${m.type} 0 ${m.proto} ${m.payloadTypes.join(' ') || '0'}`);
  });
  return out.join('\r\n') + '\r\n';
}

/** Our offer for outbound calls: PCMU, PCMA and telephone-event 101. */
export function buildOffer(local: LocalMedia, direction: Direction = 'sendrecv'): string {
  const codecs = [
    { pt: 0, map: 'PCMU/8000' },
    { pt: 8, map: 'PCMA/8000' },
    { pt: 101, map: 'telephone-event/8000' },
  ];
  return sdpLines(local, codecs, direction, 20).join('\r\n') + '\r\n';
}

/** Rewrites our last description for a re-offer: same media, new direction, version + 1. */
export function redescribe(sdp: string, direction: Direction): string {
  let out = sdp.replace(/^o=(\S+) (\S+) (\d+) /m, (_m, user: string, id: string, v: string) => `o=${user} ${id} ${BigInt(v) + 1n} `);
  out = out.replace(/^a=(sendrecv|sendonly|recvonly|inactive)(?=\r?$)/gm, `a=${direction}`);
  if (!/^a=(sendrecv|sendonly|recvonly|inactive)/m.test(out)) out = out.replace(/\r?\n?$/, `\r\na=${direction}\r\n`);
  return out;
}
