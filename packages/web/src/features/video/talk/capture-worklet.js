// AudioWorklet processor forwarding the microphone's samples (first channel) to the page in 20 ms batches, where
// they are resampled to 8 kHz and G.711A-encoded (talk-session.ts). Plain JavaScript, loaded by URL.
class MicCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = Math.max(128, Math.round(sampleRate * 0.02));
    this.buffer = new Float32Array(this.size);
    this.filled = 0;
  }

  process(inputs) {
    const input = inputs[0]?.[0];
    if (input) {
      let i = 0;
      while (i < input.length) {
        const n = Math.min(input.length - i, this.size - this.filled);
        this.buffer.set(input.subarray(i, i + n), this.filled);
        this.filled += n;
        i += n;
        if (this.filled === this.size) {
          this.port.postMessage(this.buffer, [this.buffer.buffer]);
          this.buffer = new Float32Array(this.size);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('headway-mic-capture', MicCapture);
