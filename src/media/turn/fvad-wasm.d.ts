/**
 * Typings for @echogarden/fvad-wasm 0.2.0, which ships none: an Emscripten
 * factory around libfvad (WebRTC's VAD). Only what turn/vad.ts uses.
 */
declare module '@echogarden/fvad-wasm' {
  export interface FvadModule {
    _fvad_new(): number;
    _fvad_free(instance: number): void;
    _fvad_reset(instance: number): void;
    /** 0 (least aggressive) to 3; returns 0, or -1 for an invalid mode. */
    _fvad_set_mode(instance: number, mode: number): number;
    /** 8000, 16000, 32000 or 48000; returns 0 or -1. */
    _fvad_set_sample_rate(instance: number, rate: number): number;
    /** 1 voiced, 0 unvoiced, -1 invalid frame length (10, 20 or 30 ms). */
    _fvad_process(instance: number, frame: number, length: number): number;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    /** A view of the wasm memory; replaced when memory grows, so read it at each use. */
    HEAP16: Int16Array;
  }
  const createFvad: (overrides?: object) => Promise<FvadModule>;
  export default createFvad;
}
