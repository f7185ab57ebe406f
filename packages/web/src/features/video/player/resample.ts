// Streaming sample-rate conversion for voice: the microphone's rate (44.1/48 kHz, or the spec's 16 kHz) down to
// G.711's 8 kHz, and the terminal's 8 kHz PCM up to the audio context's rate. Chunks arrive one by one, so the
// read position carries over between calls and the output has no seams.
// Down: each output sample is the mean of the input it covers (a box filter: crude, but it keeps the energy above
// 4 kHz from folding back as loud aliases in speech). Up: linear interpolation between neighbours.

export class Resampler {
  private readonly step: number;
  /** Position of the next output sample, in input samples, relative to the start of the pending chunk. */
  private position = 0;
  /** The last input sample of the previous chunk (for interpolation across the seam). */
  private last = 0;

  constructor(
    readonly fromRate: number,
    readonly toRate: number,
  ) {
    if (!(fromRate > 0 && toRate > 0)) throw new RangeError('sample rates must be positive');
    this.step = fromRate / toRate;
  }

  push(input: Float32Array): Float32Array {
    return this.step > 1 ? this.down(input) : this.up(input);
  }

  /** Down: the running sum and count of the output sample being gathered, carried across chunks. */
  private sum = 0;
  private count = 0;

  private down(input: Float32Array): Float32Array {
    const out: number[] = [];
    // `position` is where the current output sample's window ends, relative to this chunk's first sample.
    let end = this.position === 0 ? this.step : this.position;
    for (let i = 0; i < input.length; i++) {
      this.sum += input[i] ?? 0;
      this.count++;
      // The window [end − step, end) is complete once sample i + 1 would fall past it.
      if (i + 1 >= end) {
        out.push(this.sum / this.count);
        this.sum = 0;
        this.count = 0;
        end += this.step;
      }
    }
    this.position = end - input.length;
    return Float32Array.from(out);
  }

  private up(input: Float32Array): Float32Array {
    const out: number[] = [];
    // Position −1 is the previous chunk's last sample.
    let p = this.position;
    while (p <= input.length - 1) {
      const i = Math.floor(p);
      const frac = p - i;
      const a = i < 0 ? this.last : (input[i] ?? 0);
      const b = input[i + 1] ?? a;
      out.push(a + (b - a) * frac);
      p += this.step;
    }
    if (input.length > 0) this.last = input[input.length - 1] ?? 0;
    this.position = p - input.length;
    return Float32Array.from(out);
  }
}

/** Int16LE PCM bytes → floats in [−1, 1). An odd trailing byte is ignored. */
export function pcm16ToFloat(bytes: ArrayBuffer): Float32Array {
  const view = new DataView(bytes);
  const out = new Float32Array(Math.floor(bytes.byteLength / 2));
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768;
  return out;
}
