// AudioWorklet processor playing PCM handed over by the page (already resampled to the context's rate): a queue
// of Float32Array chunks read 128 frames at a time. Loaded by URL (pcm-audio.ts), so it is plain JavaScript without
// imports. The queue is capped at `maxSamples` (0.4 s): a live stream that fell behind drops its oldest audio
// instead of drifting further behind the picture. Underruns play silence.
class PcmPlayer extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.queue = [];
    this.offset = 0;
    this.queued = 0;
    this.maxSamples = options?.processorOptions?.maxSamples ?? 19200;
    this.port.onmessage = (event) => {
      const chunk = event.data;
      this.queue.push(chunk);
      this.queued += chunk.length;
      while (this.queued - this.offset > this.maxSamples && this.queue.length > 1) {
        const dropped = this.queue.shift();
        this.queued -= dropped.length;
        this.offset = 0;
      }
    };
  }

  process(_inputs, outputs) {
    const out = outputs[0]?.[0];
    if (!out) return true;
    let i = 0;
    while (i < out.length && this.queue.length > 0) {
      const head = this.queue[0];
      const n = Math.min(out.length - i, head.length - this.offset);
      out.set(head.subarray(this.offset, this.offset + n), i);
      i += n;
      this.offset += n;
      if (this.offset >= head.length) {
        this.queue.shift();
        this.queued -= head.length;
        this.offset = 0;
      }
    }
    out.fill(0, i);
    for (let c = 1; c < outputs[0].length; c++) outputs[0][c].set(out);
    return true;
  }
}

registerProcessor('headway-pcm-player', PcmPlayer);
