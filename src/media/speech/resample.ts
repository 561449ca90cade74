/**
 * A streaming polyphase FIR resampler for PCM16 between any two integer rates
 * (espeak-ng's 22,050 Hz → 8 kHz for the phone, 8 kHz → 16 kHz for
 * pocketsphinx). Written here instead of calling sox per utterance: the same
 * kernel serves both directions, it works on chunks as they arrive (sox would
 * need one more process and pipe per utterance, measured 8 ms for a whole
 * sentence but it only sees the file once espeak is done), and it costs
 * about 100 multiply-adds per output sample at 8 kHz.
 *
 * The low-pass (windowed sinc, Kaiser window, about 60 dB stopband) has its
 * −6 dB point at 0.45 × the lower rate and stops at 0.5 × the lower rate, so
 * nothing above 4 kHz aliases into the telephone band (300–3,400 Hz stays
 * flat). The output is aligned with the input (the filter's delay is
 * compensated) and `flush()` emits the tail, so N input samples become
 * ceil(N × out / in) output samples in total.
 */
export class Resampler {
  private readonly up: number;
  private readonly down: number;
  private readonly tapsPerPhase: number;
  /** Prototype filter at the upsampled rate, split by phase: phases[p][j] = h[p + j × up]. */
  private readonly phases: Float32Array[];
  /** Offset (in upsampled samples) that cancels the filter's group delay. */
  private readonly shift: number;
  /** Pending input; buf[0] is absolute input index `base`. */
  private buf: Float32Array;
  private base: number;
  private inCount = 0;
  private outCount = 0;

  constructor(
    readonly inRate: number,
    readonly outRate: number,
  ) {
    if (!Number.isInteger(inRate) || !Number.isInteger(outRate) || inRate <= 0 || outRate <= 0)
      throw new Error(`Resampler: rates must be positive integers, got ${inRate} → ${outRate}`);
    const g = gcd(inRate, outRate);
    this.up = outRate / g;
    this.down = inRate / g;
    const key = `${inRate}:${outRate}`;
    const design = designs.get(key) ?? designFilter(inRate, outRate, this.up);
    designs.set(key, design);
    this.phases = design.phases;
    this.tapsPerPhase = design.phases[0].length;
    this.shift = design.shift;
    // Zeros before the first sample, so the first outputs have a full history.
    this.buf = new Float32Array(this.tapsPerPhase);
    this.base = -this.tapsPerPhase;
  }

  /** Resamples a chunk; the output may lag the input by half the filter (a few ms) until `flush()`. */
  process(input: Int16Array): Int16Array {
    this.inCount += input.length;
    this.append(input);
    return this.drain(Number.POSITIVE_INFINITY);
  }

  /** Emits the remaining output, as if the input were followed by silence. */
  flush(): Int16Array {
    this.append(new Int16Array(this.tapsPerPhase));
    const total = Math.ceil((this.inCount * this.up) / this.down);
    return this.drain(total);
  }

  private append(input: Int16Array): void {
    const next = new Float32Array(this.buf.length + input.length);
    next.set(this.buf);
    for (let i = 0; i < input.length; i++) next[this.buf.length + i] = input[i];
    this.buf = next;
  }

  private drain(limit: number): Int16Array {
    const out: number[] = [];
    const last = this.base + this.buf.length - 1;
    const taps = this.tapsPerPhase;
    while (this.outCount < limit) {
      const t = this.outCount * this.down + this.shift;
      const i0 = Math.floor(t / this.up);
      if (i0 > last) break;
      const phase = this.phases[t % this.up];
      let acc = 0;
      let idx = i0 - this.base;
      for (let j = 0; j < taps; j++, idx--) acc += phase[j] * this.buf[idx];
      out.push(acc > 32767 ? 32767 : acc < -32768 ? -32768 : Math.round(acc));
      this.outCount++;
    }
    // Keep only the history the next output needs.
    const nextI0 = Math.floor((this.outCount * this.down + this.shift) / this.up);
    const keepFrom = Math.min(Math.max(0, nextI0 - taps + 1 - this.base), this.buf.length);
    if (keepFrom > 0) {
      this.buf = this.buf.slice(keepFrom);
      this.base += keepFrom;
    }
    return Int16Array.from(out);
  }
}

/** Filters by rate pair: designing one costs a few ms, and every call stream makes resamplers. */
const designs = new Map<string, { phases: Float32Array[]; shift: number }>();

function designFilter(inRate: number, outRate: number, up: number): { phases: Float32Array[]; shift: number } {
  const low = Math.min(inRate, outRate);
  // Transition band 0.4–0.5 × the lower rate, measured at the input rate.
  const transition = (0.1 * low) / inRate;
  const attenuationDb = 60;
  const beta = 0.1102 * (attenuationDb - 8.7);
  const taps = Math.max(8, Math.ceil((attenuationDb - 8) / (2.285 * 2 * Math.PI * transition)));
  // An odd length puts the centre on a sample, so the delay compensation is exact (the spare slot stays zero).
  const slots = taps * up;
  const length = slots % 2 === 0 ? slots - 1 : slots;
  const cutoff = (0.45 * low) / (inRate * up); // cycles per upsampled sample
  const centre = (length - 1) / 2;
  const h = new Float64Array(slots);
  for (let k = 0; k < length; k++) {
    const x = k - centre;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const r = (2 * k) / (length - 1) - 1;
    h[k] = ((sinc * besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r)))) / besselI0(beta)) * up;
  }
  const phases: Float32Array[] = [];
  for (let p = 0; p < up; p++) phases.push(Float32Array.from({ length: taps }, (_, j) => h[p + j * up]));
  return { phases, shift: centre };
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Modified Bessel function of the first kind, order 0 (for the Kaiser window). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}
