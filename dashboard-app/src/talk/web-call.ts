import workletUrl from './talk-worklet.ts?worker&url';
import { CAPTURE_PROCESSOR, pcm16FromBase64, toBase64, WIRE_RATE } from './pcm';

/** What the page hears from a call: where it stands, each of the agent's sentences played, its end. */
export interface CallEvents {
  status: (text: string) => void;
  sentenceHeard: () => void;
  ended: (text?: string) => void;
}

/** The agent's messages on the stream (src/media's web transport). */
type AgentMessage = { event: 'media'; media: { payload: string } } | { event: 'mark'; mark: { name: string } } | { event: 'clear' };

/** Lead before the first queued buffer plays: scheduling in the past would clip its start. */
const LEAD_S = 0.02;

/**
 * A call from the browser to an agent: the microphone streams to the stream
 * address as 8 kHz PCM16 (the capture worklet), the agent's audio plays as it
 * comes, queued back to back; a `mark` is echoed once the audio before it
 * has played (so the agent knows what the caller heard), and `clear` drops
 * what is queued (the caller spoke over the agent).
 */
export class WebCall {
  private ws?: WebSocket;
  private mic?: MediaStream;
  private readonly sources = new Set<AudioBufferSourceNode>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private nextAt = 0;
  private seq = 0;
  private over = false;

  /** `audio` is made by the caller inside the click, so the browser lets it play. */
  constructor(
    private readonly audio: AudioContext,
    private readonly events: CallEvents,
  ) {}

  async start(streamUrl: string): Promise<void> {
    await this.audio.audioWorklet.addModule(workletUrl);
    this.mic = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: false, autoGainControl: false } });
    if (this.over) return this.releaseDevices(); // hung up while the browser asked for the microphone
    const capture = new AudioWorkletNode(this.audio, CAPTURE_PROCESSOR);
    this.audio.createMediaStreamSource(this.mic).connect(capture);
    // A worklet node only runs when connected to the destination: through a muted gain, so the caller does not hear themselves.
    const mute = this.audio.createGain();
    mute.gain.value = 0;
    capture.connect(mute).connect(this.audio.destination);
    const ws = new WebSocket(streamUrl);
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ event: 'start', encoding: 'pcm16', sample_rate: WIRE_RATE }));
      this.events.status('In a call with the agent: speak.');
    };
    capture.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ event: 'media', seq: this.seq++, media: { payload: toBase64(new Uint8Array(e.data)) } }));
    };
    ws.onmessage = (e: MessageEvent<string>) => this.receive(JSON.parse(e.data) as AgentMessage);
    ws.onclose = () => this.end('The call ended.');
  }

  /** Ends the call once (hang up, the stream closed, or the page left): the socket, the microphone, the audio. */
  end(text?: string): void {
    if (this.over) return;
    this.over = true;
    this.ws?.close();
    this.clearQueued();
    this.releaseDevices();
    this.events.ended(text);
  }

  private releaseDevices(): void {
    for (const track of this.mic?.getTracks() ?? []) track.stop();
    // A second close (hung up while the microphone was being granted) is refused: nothing is left to release.
    this.audio.close().catch(() => undefined);
  }

  private receive(message: AgentMessage): void {
    if (message.event === 'media') this.play(pcm16FromBase64(message.media.payload));
    else if (message.event === 'mark') this.echoWhenPlayed(message.mark.name);
    else if (message.event === 'clear') this.clearQueued();
  }

  private play(samples: Float32Array<ArrayBuffer>): void {
    const buffer = this.audio.createBuffer(1, samples.length, WIRE_RATE);
    buffer.copyToChannel(samples, 0);
    const source = this.audio.createBufferSource();
    source.buffer = buffer;
    source.connect(this.audio.destination);
    const at = Math.max(this.audio.currentTime + LEAD_S, this.nextAt);
    source.start(at);
    this.nextAt = at + buffer.duration;
    this.sources.add(source);
    source.onended = () => this.sources.delete(source);
  }

  private echoWhenPlayed(name: string): void {
    const wait = Math.max(0, this.nextAt - this.audio.currentTime) * 1000;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.ws?.readyState !== WebSocket.OPEN) return;
      this.ws.send(JSON.stringify({ event: 'mark', mark: { name } }));
      this.events.sentenceHeard();
    }, wait);
    this.timers.add(timer);
  }

  /** Drops the agent's audio not yet played, and the marks after it (they were never heard). */
  private clearQueued(): void {
    for (const source of this.sources) source.stop();
    this.sources.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.nextAt = 0;
  }
}
