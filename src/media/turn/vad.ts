import createFvad, { type FvadModule } from '@echogarden/fvad-wasm';

/** WebRTC's aggressiveness: 0 flags the most frames as speech, 3 the fewest (best for noisy phone lines). */
export type VadMode = 0 | 1 | 2 | 3;

/** One wasm module per process (20 KB, instantiated once); each Vad owns its own libfvad state inside it. */
let wasm: Promise<FvadModule> | undefined;

/**
 * Voice activity detection on 8 kHz, 20 ms frames (160 samples) with WebRTC's
 * VAD compiled to wasm (@echogarden/fvad-wasm: no weights, measured at
 * 5 ms of CPU for a 5.5 s clip). Stateful (it smooths over frames): one Vad
 * per call direction. Call `close()` to free its memory.
 */
export class Vad {
  static readonly FRAME_SAMPLES = 160;

  private constructor(
    private readonly mod: FvadModule,
    private handle: number,
    private readonly buffer: number,
  ) {}

  static async create(mode: VadMode = 3): Promise<Vad> {
    wasm ??= createFvad();
    const mod = await wasm;
    const handle = mod._fvad_new();
    if (!handle) throw new Error('fvad: out of memory');
    if (mod._fvad_set_mode(handle, mode) !== 0 || mod._fvad_set_sample_rate(handle, 8000) !== 0) {
      mod._fvad_free(handle);
      throw new Error(`fvad: invalid mode ${mode}`);
    }
    return new Vad(mod, handle, mod._malloc(Vad.FRAME_SAMPLES * 2));
  }

  /** Whether a 20 ms frame (exactly 160 samples) is speech. */
  isSpeech(frame: Int16Array): boolean {
    if (!this.handle) throw new Error('fvad: used after close()');
    if (frame.length !== Vad.FRAME_SAMPLES) throw new Error(`fvad: a frame is ${Vad.FRAME_SAMPLES} samples, got ${frame.length}`);
    this.mod.HEAP16.set(frame, this.buffer >> 1);
    return this.mod._fvad_process(this.handle, this.buffer, Vad.FRAME_SAMPLES) === 1;
  }

  close(): void {
    if (!this.handle) return;
    this.mod._fvad_free(this.handle);
    this.mod._free(this.buffer);
    this.handle = 0;
  }
}
