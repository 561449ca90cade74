import type { WebSocket } from 'ws';
import { decodeG711, encodeG711 } from '../../rtp/g711.js';
import type { HangupCause } from '../../call-transport.js';
import { StreamCallMedia, type StreamWire } from './stream-call-media.js';

/**
 * The carriers' bidirectional media streams on one WebSocket each. Both
 * carriers speak the same shape of protocol, in their own spelling:
 * - in: `connected`, then `start` (the stream's id, the carrier's call id,
 *   the media format), then `media` (base64 µ-law 8 kHz, numbered), `dtmf`,
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
  /** How long `start` may take after the socket opened. */
  startTimeoutMs?: number;
  /** Ends the call at the carrier once the socket is closed (its REST API); not after a transfer. */
  hangupCall(cause: HangupCause): Promise<void>;
  warn(message: string, data?: object): void;
}

type Message = Record<string, unknown>;

/** A string field of an object, or undefined. */
const str = (o: unknown, key: string): string | undefined => {
  const v = (o as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : undefined;
};

interface Spelling {
  /** The stream id, the carrier's call id and whether the format is µ-law at 8 kHz, from `start`. */
  start(message: Message): { streamId?: string; callId?: string; ulaw8k: boolean; params: unknown };
  /** The number that orders a media frame. */
  seq(message: Message): number;
  /** An outgoing message, with the stream's id where the carrier wants it. */
  out(streamId: string, message: object): object;
  /** Audio in the stream's encoding, to and from 8 kHz PCM16. */
  encode(frame: Int16Array): Buffer;
  decode(bytes: Buffer): Int16Array;
}

const ulaw = { encode: (frame: Int16Array) => encodeG711('PCMU', frame), decode: (bytes: Buffer) => decodeG711('PCMU', bytes) };
const pcm16 = {
  encode: (frame: Int16Array) => {
    const out = Buffer.alloc(frame.length * 2);
    frame.forEach((v, i) => out.writeInt16LE(v, i * 2));
    return out;
  },
  decode: (bytes: Buffer) => {
    const out = new Int16Array(bytes.length >> 1);
    for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2);
    return out;
  },
};

const SPELLINGS: Record<StreamDialect, Spelling> = {
  twilio: {
    start: (m) => {
      const start = m.start as Message | undefined;
      const format = start?.mediaFormat as Message | undefined;
      return {
        streamId: str(m, 'streamSid') ?? str(start, 'streamSid'),
        callId: str(start, 'callSid'),
        ulaw8k: !format || (format.encoding === 'audio/x-mulaw' && Number(format.sampleRate) === 8000),
        params: start?.customParameters,
      };
    },
    seq: (m) => Number(str(m.media, 'chunk')),
    out: (streamId, message) => ({ ...message, streamSid: streamId }),
    ...ulaw,
  },
  telnyx: {
    start: (m) => {
      const start = m.start as Message | undefined;
      const format = start?.media_format as Message | undefined;
      return {
        streamId: str(m, 'stream_id'),
        callId: str(start, 'call_control_id'),
        ulaw8k: !format || (format.encoding === 'PCMU' && Number(format.sample_rate) === 8000),
        params: start?.custom_parameters,
      };
    },
    seq: (m) => Number(str(m, 'sequence_number')),
    out: (_streamId, message) => message,
    ...ulaw,
  },
  web: {
    start: (m) => ({ streamId: 'web', callId: 'web', ulaw8k: m.encoding === 'pcm16' && Number(m.sample_rate) === 8000, params: {} }),
    seq: (m) => Number(m.seq),
    out: (_streamId, message) => message,
    ...pcm16,
  },
};

export function serveCarrierStream(ws: WebSocket, opts: CarrierStreamOptions): void {
  const spelling = SPELLINGS[opts.dialect];
  let media: StreamCallMedia | undefined;
  let streamId = '';
  const refuse = (reason: string) => {
    opts.warn(`${opts.dialect} stream refused`, { reason });
    ws.close(1008, reason.slice(0, 120));
  };
  const startTimer = setTimeout(() => !media && refuse('no start message'), opts.startTimeoutMs ?? 10_000);
  const send = (message: object) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(spelling.out(streamId, message)));
  };
  const wire: StreamWire = {
    sendAudio: (frame) => send({ event: 'media', media: { payload: spelling.encode(frame).toString('base64') } }),
    sendMark: (name) => send({ event: 'mark', mark: { name } }),
    clear: () => send({ event: 'clear' }),
    hangup: async (cause) => {
      ws.close(1000, cause);
      // After a transfer the carrier has already taken the caller on to the destination: the call goes on without us.
      if (cause !== 'transfer') await opts.hangupCall(cause);
    },
  };

  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    let message: Message;
    try {
      message = JSON.parse(data.toString()) as Message;
    } catch {
      return opts.warn(`${opts.dialect} stream: a message that is not JSON was ignored`);
    }
    switch (message.event) {
      case 'start': {
        if (media) return;
        const start = spelling.start(message);
        if (!start.streamId || !start.callId) return refuse('start without the stream id or the call id');
        if (opts.expectedCallId !== null && start.callId !== opts.expectedCallId) return refuse('the stream belongs to another call');
        if (!start.ulaw8k) return refuse(`the stream is not ${opts.dialect === 'web' ? 'PCM16' : 'µ-law'} at 8 kHz`);
        streamId = start.streamId;
        clearTimeout(startTimer);
        media = new StreamCallMedia({ callId: opts.sessionId, direction: opts.direction, wire });
        const params = (start.params ?? {}) as Record<string, unknown>;
        opts.onStart(media, {
          streamId,
          callId: start.callId,
          customParameters: Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string')),
        });
        return;
      }
      case 'media': {
        const payload = str(message.media, 'payload');
        const track = str(message.media, 'track');
        const seq = spelling.seq(message);
        if (!media || !payload || (track !== undefined && track !== 'inbound') || !Number.isInteger(seq)) return;
        return media.receiveAudio(seq, spelling.decode(Buffer.from(payload, 'base64')));
      }
      case 'dtmf': {
        const digit = str(message.dtmf, 'digit');
        if (media && digit && /^[0-9*#A-D]$/.test(digit)) media.receiveDtmf(digit);
        return;
      }
      case 'mark': {
        const name = str(message.mark, 'name');
        if (media && name) media.receiveMark(name);
        return;
      }
      case 'stop':
        void media?.end('caller_hangup', `${opts.dialect} stop`);
        ws.close(1000);
        return;
      default:
        // connected, error and anything newer: nothing to do.
        return;
    }
  });
  ws.on('close', () => {
    clearTimeout(startTimer);
    void media?.end('caller_hangup', 'stream closed');
  });
  ws.on('error', (error) => opts.warn(`${opts.dialect} stream: socket error`, { err: error.message }));
}
