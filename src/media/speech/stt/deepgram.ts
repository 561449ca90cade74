import { EventEmitter } from 'node:events';
import type { WebSocket } from 'undici';
import { encodeG711 } from '../../rtp/g711.js';
import { frameText, openWebSocket, pcm16Bytes, webSocketUrl, type CloudAccess } from '../cloud.js';
import type { SpeechToText, SttOptions, SttResult, SttStream } from '../speech-to-text.js';

export interface DeepgramOptions extends CloudAccess {
  apiKey: string;
  /** Default https://api.deepgram.com (sent as wss://…/v1/listen). */
  baseUrl?: string;
  model?: string;
  /** linear16 keeps the 8 kHz PCM as it is; mulaw halves the bytes on the wire. */
  encoding?: 'linear16' | 'mulaw';
  /**
   * Deepgram's own end-of-speech detection (ms of silence): a final marked speech_final after it. Our turn policy
   * ends a complete turn on it (the stream's endOfTurn), otherwise the turn detector's silence decides.
   */
  endpointingMs?: number;
  /** UtteranceEnd after this gap in the words (Deepgram's minimum is 1000 ms): an end-of-turn signal that noise does not hide. */
  utteranceEndMs?: number;
  /** finish() rejects when the last results have not come by then. */
  timeoutMs?: number;
  /** KeepAlive while no audio flows (Deepgram closes an idle stream after 10 s). */
  keepAliveMs?: number;
}

/** Phrases sent as hints are capped: the URL carries them, and Deepgram limits key terms. */
const MAX_HINTS = 50;

/**
 * Deepgram's live streaming API (wss://api.deepgram.com/v1/listen): one
 * WebSocket per caller turn, opened by start() while the caller speaks,
 * binary audio frames in, JSON `Results` out (channel.alternatives[0]
 * .transcript, `is_final` for a settled segment, interim ones as partials).
 * finish() sends `{"type":"CloseStream"}`, after which Deepgram flushes its
 * last results, sends `Metadata` and closes: the turn's text is the finals
 * joined. The agent's phrases go as `keyterm` (nova-3) or `keywords` (older
 * models), hints rather than a grammar.
 */
export class DeepgramStt implements SpeechToText {
  constructor(private readonly options: DeepgramOptions) {}

  start(options: SttOptions): SttStream {
    if (options.sampleRate !== 8000) throw new Error(`deepgram stream: sampleRate must be 8000, got ${options.sampleRate}`);
    const o = this.options;
    const model = o.model ?? 'nova-3';
    const encoding = o.encoding ?? 'linear16';
    const url = webSocketUrl(o.baseUrl ?? 'https://api.deepgram.com', '/v1/listen');
    const q = url.searchParams;
    q.set('encoding', encoding);
    q.set('sample_rate', '8000');
    q.set('channels', '1');
    q.set('model', model);
    q.set('language', options.language);
    q.set('interim_results', 'true');
    q.set('punctuate', 'true');
    q.set('endpointing', String(o.endpointingMs ?? 300));
    q.set('utterance_end_ms', String(Math.max(1000, o.utteranceEndMs ?? 1000)));
    const hints = [...new Set((options.phrases ?? []).map((p) => p.trim()).filter(Boolean))].slice(0, MAX_HINTS);
    for (const hint of hints) {
      if (model.startsWith('nova-3')) q.append('keyterm', hint);
      else for (const word of hint.split(/\s+/)) q.append('keywords', word);
    }
    const socket = openWebSocket(url, { authorization: `Token ${o.apiKey}` }, o);
    return new DeepgramStream(socket, encoding, o.timeoutMs ?? 5_000, o.keepAliveMs ?? 4_000);
  }
}

interface DeepgramMessage {
  type?: string;
  is_final?: boolean;
  speech_final?: boolean;
  channel?: { alternatives?: { transcript?: string; confidence?: number }[] };
  /** Error messages carry these (and the close frame a reason). */
  description?: string;
  err_msg?: string;
}

class DeepgramStream extends EventEmitter implements SttStream {
  private ws: WebSocket | undefined;
  private pending: Buffer[] = [];
  private state: 'open' | 'finishing' | 'done' = 'open';
  private finals: string[] = [];
  private confidences: number[] = [];
  /** Deepgram said the speech ended (speech_final, UtteranceEnd) and no words came after: the finals are the turn. */
  private settled = false;
  private failure: Error | undefined;
  private finished: { resolve: () => void; reject: (e: Error) => void } | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private lastSent = Date.now();

  constructor(
    socket: Promise<WebSocket>,
    private readonly encoding: 'linear16' | 'mulaw',
    private readonly timeoutMs: number,
    keepAliveMs: number,
  ) {
    super();
    socket.then(
      (ws) => {
        if (this.state === 'done') return ws.close();
        this.ws = ws;
        ws.addEventListener('message', (event) => this.onMessage(frameText(event.data)));
        ws.addEventListener('close', (event) => this.onClose(event.code, event.reason));
        for (const chunk of this.pending) ws.send(chunk);
        this.pending = [];
        if (this.state === 'finishing') ws.send(JSON.stringify({ type: 'CloseStream' }));
        this.keepAlive = setInterval(
          () => {
            if (this.state === 'open' && Date.now() - this.lastSent >= keepAliveMs) this.sendText(JSON.stringify({ type: 'KeepAlive' }));
          },
          Math.max(100, keepAliveMs / 2),
        );
      },
      (error: Error) => this.fail(new Error(`Deepgram: ${error.message}`)),
    );
  }

  write(frame: Int16Array): void {
    if (this.state !== 'open' || frame.length === 0) return;
    const bytes = this.encoding === 'mulaw' ? encodeG711('PCMU', frame) : pcm16Bytes(frame);
    this.lastSent = Date.now();
    if (this.ws) this.ws.send(bytes);
    else this.pending.push(bytes);
  }

  async finish(): Promise<SttResult> {
    if (this.state !== 'open') throw this.failure ?? new Error('deepgram stream already finished or aborted');
    const started = performance.now();
    this.state = 'finishing';
    if (this.ws) this.sendText(JSON.stringify({ type: 'CloseStream' }));
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        if (this.failure) return reject(this.failure);
        this.finished = { resolve, reject };
        timer = setTimeout(() => this.fail(new Error(`Deepgram gave no final result within ${this.timeoutMs} ms`)), this.timeoutMs);
      });
      const text = this.finals.join(' ').trim();
      return { kind: text ? 'speech' : 'unrecognized', text, ...this.confidence(), latencyMs: performance.now() - started };
    } finally {
      clearTimeout(timer);
      this.close();
    }
  }

  /** The finals so far, as a turn: `speech` only once Deepgram said the speech ended and no interim words followed. */
  peek(): Promise<SttResult> {
    if (this.state !== 'open') return Promise.reject(this.failure ?? new Error('deepgram stream already finished or aborted'));
    const text = this.finals.join(' ').trim();
    const settled = this.settled && text !== '';
    return Promise.resolve({ kind: settled ? 'speech' : 'unrecognized', text: settled ? text : '', ...this.confidence(), latencyMs: 0, settled });
  }

  abort(): void {
    if (this.state === 'done') return;
    this.fail(new Error('deepgram stream aborted'));
  }

  /** The mean of the finals' confidences, when Deepgram gave any. */
  private confidence(): { confidence?: number } {
    return this.confidences.length ? { confidence: this.confidences.reduce((a, b) => a + b, 0) / this.confidences.length } : {};
  }

  private onMessage(text: string): void {
    let message: DeepgramMessage;
    try {
      message = JSON.parse(text) as DeepgramMessage;
    } catch {
      return this.fail(new Error('Deepgram sent a message that is not JSON'));
    }
    if (message.type === 'Results') {
      const best = message.channel?.alternatives?.[0];
      const transcript = (best?.transcript ?? '').trim();
      if (message.is_final) {
        if (transcript) {
          this.finals.push(transcript);
          if (typeof best?.confidence === 'number') this.confidences.push(best.confidence);
        }
        // A final that ends the speech closes the turn's words; a final mid-speech (a long turn cut in segments) does not.
        if (transcript || message.speech_final) this.settled = message.speech_final === true && this.finals.length > 0;
        if (this.settled && this.state === 'open') this.emit('endOfTurn');
      } else if (transcript) {
        this.settled = false;
        this.emit('partial', [...this.finals, transcript].join(' '));
      }
    } else if (message.type === 'UtteranceEnd') {
      // No word for utterance_end_ms: the speech ended even where noise kept endpointing from firing.
      if (this.finals.length && this.state === 'open') {
        this.settled = true;
        this.emit('endOfTurn');
      }
    } else if (message.type === 'Metadata' && this.state === 'finishing') {
      // Sent after the last results of a CloseStream: no need to wait for the close handshake.
      this.settle();
    } else if (message.type === 'Error' || message.err_msg) {
      this.fail(new Error(`Deepgram: ${message.description ?? message.err_msg ?? 'error'}`));
    }
  }

  private onClose(code: number, reason: string): void {
    if (this.state === 'finishing') return this.settle();
    if (this.state === 'open') this.fail(new Error(`Deepgram closed the stream (${code}${reason ? `: ${reason}` : ''})`));
  }

  private settle(): void {
    this.finished?.resolve();
    this.finished = undefined;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.state = 'done';
    this.finished?.reject(this.failure);
    this.finished = undefined;
    this.close();
  }

  private sendText(text: string): void {
    this.lastSent = Date.now();
    this.ws?.send(text);
  }

  private close(): void {
    this.state = 'done';
    clearInterval(this.keepAlive);
    this.pending = [];
    if (this.ws && this.ws.readyState <= 1) this.ws.close();
  }
}
