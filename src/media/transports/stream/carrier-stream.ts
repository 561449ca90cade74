import type { RawData, WebSocket } from 'ws';
import { decodeG711, encodeG711 } from '../../rtp/g711.js';
import type { HangupCause } from '../call-transport.js';
import { StreamCallMedia, type StreamWire } from './stream-call-media.js';

/**
 * The carriers' bidirectional media streams on one WebSocket each. Both
 * carriers speak the same shape of protocol, in their own spelling:
 * - in: `connected`, then `start` (the stream's id, the carrier's call id,
 *   the media format), then `media` (base64 G.711 at 8 kHz, µ-law or A-law
 *   as `start` declared it, numbered), `dtmf`,
 *   `mark` (the audio sent before that mark was played) and `stop`;
 * - out: `media`, `mark` and `clear` (drop what the carrier buffered: barge-in).
 * Twilio (<Connect><Stream>) names the streamSid on every message and numbers
 * media by `chunk`; closing the socket ends <Connect> and with it the call.
 * Telnyx (stream_bidirectional_mode rtp) says stream_id and call_control_id,
 * does not guarantee the order of media frames and numbers them by
 * `sequence_number`, which is what the jitter buffer reorders by.
 * The browser (the dashboard's "Talk to this agent") speaks the same shape
 * with PCM16 little-endian at 8 kHz instead of µ-law, numbered by `seq`, and
 * echoes marks when its own playback reaches them.
 */
export type StreamDialect = 'twilio' | 'telnyx' | 'web';

export interface CarrierStreamStart {
  streamId: string;
  /** Twilio's CallSid, Telnyx's call_control_id. */
  callId: string;
  customParameters: Record<string, string>;
  /** The audio encoding the stream declared, which the agent's audio is sent in too. */
  codec: StreamCodec;
}

export interface CarrierStreamOptions {
  dialect: StreamDialect;
  /** The session the call is recorded as, and its direction. */
  sessionId: string;
  direction: 'inbound' | 'outbound' | 'web';
  /** The carrier call the stream must belong to (the carrier log's id); null: not known yet, any. */
  expectedCallId: string | null;
  /** Called once, on a valid `start`, with the call's media. */
  onStart(media: StreamCallMedia, start: CarrierStreamStart): void;
  /**
   * Called once when we close the stream before it started (a format we do not take, another call's stream, no
   * `start` in time, frames that break the protocol), with why: the call is known, so it is hung up and recorded.
   */
  onRefused?(reason: string): void;
  /** How long `start` may take after the socket opened. */
  startTimeoutMs?: number;
  /** Ends the call at the carrier once the socket is closed (its REST API); not after a transfer. */
  hangupCall(cause: HangupCause): Promise<void>;
  warn(message: string, data?: object): void;
}

/** The encodings a stream may carry: G.711 from the carriers (what `start` declares), PCM16 from the browser. */
export type StreamCodec = 'PCMU' | 'PCMA' | 'pcm16';

type Message = Record<string, unknown>;

const isObject = (v: unknown): v is Message => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string field of an object, or undefined. */
const str = (o: unknown, key: string): string | undefined => {
  const v = isObject(o) ? o[key] : undefined;
  return typeof v === 'string' ? v : undefined;
};

/** A carrier's frame number: a string of digits (Twilio's chunk, Telnyx's sequence_number) within 32 bits; else undefined. */
const digits = (v: unknown): number | undefined => (typeof v === 'string' && /^\d{1,10}$/.test(v) && Number(v) <= 0xffffffff ? Number(v) : undefined);
/** The browser's frame number: a JSON integer within 32 bits; else undefined. */
const integer = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff ? v : undefined);

/** A sample rate given as a number or a string of one. */
const rate = (v: unknown): number => (typeof v === 'number' || (typeof v === 'string' && /^\d{1,6}$/.test(v)) ? Number(v) : NaN);

/**
 * The largest audio one media frame may carry once decoded: a second (8,000 G.711 bytes, 16,000 PCM16 bytes);
 * carriers send 20 ms, the browser 20 ms. Anything longer would hold the jitter buffer for nothing.
 */
const MAX_AUDIO_BYTES = 16_000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The audio of a media frame: a base64 string of at most MAX_AUDIO_BYTES, else undefined. */
function audioBytes(payload: unknown): Buffer | undefined {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > Math.ceil(MAX_AUDIO_BYTES / 3) * 4) return undefined;
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) return undefined;
  return Buffer.from(payload, 'base64');
}

/** What `start` said: the stream's id, the carrier's call id, the codec (null: one we do not take) and the format as given. */
interface StartFacts {
  streamId?: string;
  callId?: string;
  codec: StreamCodec | null;
  format: string;
  params: unknown;
}

interface Spelling {
  start(message: Message): StartFacts;
  /** The number that orders a media frame; undefined when it is missing or not a number in range. */
  seq(message: Message): number | undefined;
  /** An outgoing message, with the stream's id where the carrier wants it. */
  out(streamId: string, message: object): object;
  /** What the refusal of another format says this spelling takes. */
  takes: string;
}

/** A G.711 format of a carrier's `start`: µ-law or A-law at 8 kHz, else null (no format given: µ-law, the default). */
function g711(format: unknown, encoding: string, sampleRate: string, names: Record<string, 'PCMU' | 'PCMA'>): { codec: StreamCodec | null; format: string } {
  if (format === undefined) return { codec: 'PCMU', format: 'none given' };
  const given = str(format, encoding);
  const hz = isObject(format) ? rate(format[sampleRate]) : NaN;
  const codec = given !== undefined && Object.hasOwn(names, given) && hz === 8000 ? names[given] : null;
  return { codec, format: `${String(given).slice(0, 40)} at ${Number.isNaN(hz) ? '?' : hz} Hz` };
}

const SPELLINGS: Record<StreamDialect, Spelling> = {
  twilio: {
    start: (m) => {
      const start = isObject(m.start) ? m.start : undefined;
      return {
        streamId: str(m, 'streamSid') ?? str(start, 'streamSid'),
        callId: str(start, 'callSid'),
        ...g711(start?.mediaFormat, 'encoding', 'sampleRate', { 'audio/x-mulaw': 'PCMU', 'audio/x-alaw': 'PCMA' }),
        params: start?.customParameters,
      };
    },
    seq: (m) => digits(isObject(m.media) ? m.media.chunk : undefined),
    out: (streamId, message) => ({ ...message, streamSid: streamId }),
    takes: 'mu-law or A-law at 8 kHz',
  },
  telnyx: {
    start: (m) => {
      const start = isObject(m.start) ? m.start : undefined;
      return {
        streamId: str(m, 'stream_id'),
        callId: str(start, 'call_control_id'),
        ...g711(start?.media_format, 'encoding', 'sample_rate', { PCMU: 'PCMU', PCMA: 'PCMA' }),
        params: start?.custom_parameters,
      };
    },
    seq: (m) => digits(m.sequence_number),
    out: (_streamId, message) => message,
    takes: 'PCMU or PCMA at 8 kHz',
  },
  web: {
    start: (m) => ({
      streamId: 'web',
      callId: 'web',
      codec: m.encoding === 'pcm16' && rate(m.sample_rate) === 8000 ? 'pcm16' : null,
      format: `${String(m.encoding).slice(0, 40)} at ${String(m.sample_rate).slice(0, 10)} Hz`,
      params: {},
    }),
    seq: (m) => integer(m.seq),
    out: (_streamId, message) => message,
    takes: 'PCM16 at 8 kHz',
  },
};

/** Audio in the stream's encoding, to and from 8 kHz PCM16. */
interface Codec {
  encode(frame: Int16Array): Buffer;
  decode(bytes: Buffer): Int16Array;
}

const CODECS: Record<StreamCodec, Codec> = {
  PCMU: { encode: (frame) => encodeG711('PCMU', frame), decode: (bytes) => decodeG711('PCMU', bytes) },
  PCMA: { encode: (frame) => encodeG711('PCMA', frame), decode: (bytes) => decodeG711('PCMA', bytes) },
  pcm16: {
    encode: (frame) => {
      const out = Buffer.alloc(frame.length * 2);
      frame.forEach((v, i) => out.writeInt16LE(v, i * 2));
      return out;
    },
    decode: (bytes) => {
      const out = new Int16Array(bytes.length >> 1);
      for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
      return out;
    },
  },
};

/**
 * How many messages of a known event that cannot be used (a wrong field, media before `start`) a stream may send
 * before it is closed (1008): a carrier's occasional odd frame is ignored, a stream of them is not a call.
 */
const MAX_IGNORED = 100;

/** WebSocket close codes (RFC 6455 §7.4.1). */
const CLOSE = { normal: 1000, unsupported: 1003, invalidPayload: 1007, policy: 1008, internal: 1011 } as const;

/**
 * Serves one carrier stream. Everything on the socket is hostile until shown otherwise: a
 * binary frame closes it 1003, text that is not JSON 1007, JSON that is not an object with a string `event` 1008,
 * a frame over the server's maxPayload 1009 (ws), a handler that throws 1011; a known event whose fields are of
 * the wrong shape or out of order is ignored (MAX_IGNORED of them close it 1008). Closing a started call hangs
 * it up; closing one that never started refuses it (onRefused). Nothing thrown here reaches the process.
 */
export function serveCarrierStream(ws: WebSocket, opts: CarrierStreamOptions): void {
  const spelling = SPELLINGS[opts.dialect];
  let media: StreamCallMedia | undefined;
  let codec = CODECS.PCMU;
  let streamId = '';
  let closeCode: number = CLOSE.normal;
  let refused = false;
  let ignored = 0;

  /** Closes the stream from our side for a fault of the far end's: a started call ends (error), one not started is refused. */
  const fail = (code: number, reason: string) => {
    if (refused || ws.readyState === ws.CLOSED || ws.readyState === ws.CLOSING) return;
    opts.warn(`${opts.dialect} stream ${media ? 'closed' : 'refused'}`, { reason, close_code: code });
    closeCode = code;
    if (media) {
      media.fault = reason;
      return void media.hangup('error').catch(() => {});
    }
    refused = true;
    clearTimeout(startTimer);
    ws.close(code, closeReason(reason));
    refuseOnce(reason);
  };
  const refuseOnce = (reason: string) => {
    try {
      opts.onRefused?.(reason);
    } catch (error) {
      opts.warn(`${opts.dialect} stream: the refusal could not be handled`, { err: (error as Error).message });
    }
  };
  const ignore = (why: string) => {
    if (++ignored === 1) opts.warn(`${opts.dialect} stream: a message was ignored`, { reason: why });
    if (ignored > MAX_IGNORED) fail(CLOSE.policy, `more than ${MAX_IGNORED} messages that could not be used`);
  };
  const startTimer = setTimeout(() => !media && fail(CLOSE.policy, 'no start message'), opts.startTimeoutMs ?? 10_000);
  const send = (message: object) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(spelling.out(streamId, message)));
  };
  const wire: StreamWire = {
    sendAudio: (frame) => send({ event: 'media', media: { payload: codec.encode(frame).toString('base64') } }),
    sendMark: (name) => send({ event: 'mark', mark: { name } }),
    clear: () => send({ event: 'clear' }),
    hangup: async (cause) => {
      ws.close(closeCode, closeReason(cause));
      // After a transfer the carrier has already taken the caller on to the destination: the call goes on without us.
      if (cause !== 'transfer') await opts.hangupCall(cause);
    },
  };

  const onStartMessage = (message: Message) => {
    if (media) return ignore('a second start');
    const start = spelling.start(message);
    if (!start.streamId || !start.callId) return fail(CLOSE.policy, 'start without the stream id or the call id');
    if (opts.expectedCallId !== null && start.callId !== opts.expectedCallId) return fail(CLOSE.policy, 'the stream belongs to another call');
    if (!start.codec) return fail(CLOSE.policy, `the stream is ${start.format}, not ${spelling.takes}`);
    streamId = start.streamId;
    codec = CODECS[start.codec];
    clearTimeout(startTimer);
    media = new StreamCallMedia({ callId: opts.sessionId, direction: opts.direction, wire });
    const params = isObject(start.params) ? start.params : {};
    opts.onStart(media, {
      streamId,
      callId: start.callId,
      codec: start.codec,
      customParameters: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')),
    });
  };

  const onMessage = (message: Message) => {
    switch (message.event) {
      case 'start':
        return onStartMessage(message);
      case 'media':
      case 'dtmf':
      case 'mark':
        return receive(message, media, spelling, codec, ignore);
      case 'stop':
        if (!media) return fail(CLOSE.normal, 'stop before start');
        void media.end('caller_hangup', `${opts.dialect} stop`);
        ws.close(CLOSE.normal);
        return;
      default:
        // connected, error and anything newer: nothing to do.
        return;
    }
  };

  ws.on('message', (data, isBinary) => {
    try {
      if (refused || media?.isEnded) return;
      const frame = parseFrame(data, isBinary);
      if ('code' in frame) return fail(frame.code, frame.reason);
      onMessage(frame.message);
    } catch (error) {
      // A fault of ours on one stream ends that call, never the process.
      opts.warn(`${opts.dialect} stream: a message could not be handled`, { err: (error as Error).stack ?? String(error) });
      fail(CLOSE.internal, 'internal error');
    }
  });
  let socketFault: string | undefined;
  ws.on('error', (error) => {
    // ws closes the socket itself after this (1009: a frame over maxPayload; 1002/1007: a broken frame).
    socketFault = error.message;
    opts.warn(`${opts.dialect} stream: socket error`, { err: error.message });
  });
  ws.on('close', () => {
    clearTimeout(startTimer);
    if (media && socketFault) media.fault ??= socketFault;
    if (media) return void media.end(socketFault ? 'error' : 'caller_hangup', socketFault ?? 'stream closed');
    if (socketFault && !refused) {
      refused = true;
      refuseOnce(socketFault);
    }
  });
}

/** A frame's message, or why the frame breaks the protocol: the close code and reason to end the stream with. */
function parseFrame(data: RawData, isBinary: boolean): { message: Message } | { code: number; reason: string } {
  if (isBinary) return { code: CLOSE.unsupported, reason: 'binary frames are not part of the protocol' };
  let message: unknown;
  try {
    message = JSON.parse(data.toString());
  } catch {
    return { code: CLOSE.invalidPayload, reason: 'a message that is not JSON' };
  }
  if (!isObject(message) || typeof message.event !== 'string') return { code: CLOSE.policy, reason: 'a message that is not an object with an event' };
  return { message };
}

/**
 * A media, dtmf or mark message (its `event` is one of them): handed to the call's media, or ignored with why
 * when it comes before the start or is of the wrong shape; audio of another track than the caller's is dropped.
 */
function receive(message: Message, media: StreamCallMedia | undefined, spelling: Spelling, codec: Codec, ignore: (why: string) => void): void {
  switch (message.event) {
    case 'media': {
      const bytes = audioBytes(str(message.media, 'payload') ?? null);
      const track = isObject(message.media) ? message.media.track : undefined;
      const seq = spelling.seq(message);
      if (!media) return ignore('media before start');
      if (!bytes || seq === undefined || (track !== undefined && typeof track !== 'string')) return ignore('a media message of the wrong shape');
      if (track !== undefined && track !== 'inbound') return;
      return media.receiveAudio(seq, codec.decode(bytes));
    }
    case 'dtmf': {
      const digit = str(message.dtmf, 'digit');
      if (!media || !digit || !/^[0-9*#A-D]$/.test(digit)) return ignore('a dtmf message out of place or of the wrong shape');
      return media.receiveDtmf(digit);
    }
    case 'mark': {
      const name = str(message.mark, 'name');
      if (!media || !name || name.length > 200) return ignore('a mark message out of place or of the wrong shape');
      return media.receiveMark(name);
    }
  }
}

/** A close frame's reason: printable ASCII within the 123 bytes RFC 6455 allows (ws throws past them). */
const closeReason = (reason: string) => reason.replace(/[^\x20-\x7e]/g, '?').slice(0, 120);
