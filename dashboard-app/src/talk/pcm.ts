/**
 * The audio of a browser call on the wire (src/media's web transport): 8 kHz
 * mono PCM16, little-endian, base64 in JSON `media` events, 20 ms (160
 * samples) a frame. Plain functions, no DOM: the capture worklet runs them
 * off the main thread, and a unit test runs them in Node.
 */
export const WIRE_RATE = 8000;
export const FRAME_SAMPLES = 160;
/** The capture worklet's processor name (talk-worklet.ts registers it, web-call.ts creates it). */
export const CAPTURE_PROCESSOR = 'pcm8k-capture';

/**
 * The microphone at the audio context's rate (44.1 or 48 kHz), down to 8 kHz
 * PCM16 frames: each output sample is the mean of the input samples since
 * the last one, a box filter that is cheap and keeps enough of the speech
 * band for recognition; aliasing above 4 kHz is faint for a voice.
 */
export class Pcm8kFramer {
  private frame = new Int16Array(FRAME_SAMPLES);
  private filled = 0;
  private sum = 0;
  private count = 0;
  /** Progress towards the next output sample, counted in integers (WIRE_RATE per input sample, inputRate per output one): no rounding drifts. */
  private phase = 0;

  constructor(private readonly inputRate: number) {}

  /** Takes one block of input; `emit` gets each full frame (a fresh buffer, safe to transfer). */
  push(input: Float32Array, emit: (frame: Int16Array) => void): void {
    for (const sample of input) {
      this.sum += sample;
      this.count++;
      this.phase += WIRE_RATE;
      if (this.phase < this.inputRate) continue;
      this.phase -= this.inputRate;
      const v = Math.max(-1, Math.min(1, this.sum / this.count));
      this.sum = 0;
      this.count = 0;
      this.frame[this.filled++] = v < 0 ? v * 32768 : v * 32767;
      if (this.filled === FRAME_SAMPLES) {
        emit(this.frame);
        this.frame = new Int16Array(FRAME_SAMPLES);
        this.filled = 0;
      }
    }
  }
}

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

/** A `media` payload from the agent as samples in [-1, 1), for an AudioBuffer. */
export function pcm16FromBase64(payload: string): Float32Array<ArrayBuffer> {
  const text = atob(payload);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const view = new DataView(bytes.buffer);
  const out = new Float32Array(bytes.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(2 * i, true) / 32768;
  return out;
}
