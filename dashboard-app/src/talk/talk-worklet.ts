import { CAPTURE_PROCESSOR, Pcm8kFramer } from './pcm';

/**
 * The microphone capture of a browser call, an AudioWorklet (it runs on the
 * audio thread, so the main thread's work never drops samples). Vite builds
 * it as its own file under assets/ (imported with `?worker&url` by
 * web-call.ts), which the console's CSP allows as script from 'self'.
 * The worklet scope's globals are not in TypeScript's DOM library: declared
 * here, for this file only.
 */
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

class Pcm8kCapture extends AudioWorkletProcessor {
  private readonly framer = new Pcm8kFramer(sampleRate);

  /** Posts each 20 ms frame's bytes to the page (transferred, not copied). */
  process(inputs: Float32Array[][]): boolean {
    const input = inputs[0]?.[0];
    if (input) this.framer.push(input, (frame) => this.port.postMessage(frame.buffer, [frame.buffer]));
    return true;
  }
}

registerProcessor(CAPTURE_PROCESSOR, Pcm8kCapture);
