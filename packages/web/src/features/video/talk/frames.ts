// The talk socket's upstream frames: G.711A bytes cut into fixed frames (320 bytes = 40 ms at 8 kHz, what
// JT/T 1078 terminals commonly send), so the server wraps each in one RTP packet without re-slicing.

export const TALK_FRAME_BYTES = 320;

export class FrameCutter {
  private pending = new Uint8Array(0);

  constructor(private readonly size = TALK_FRAME_BYTES) {}

  /** The whole frames available after adding `bytes`; the remainder waits for the next call. */
  push(bytes: Uint8Array): Uint8Array[] {
    const all = new Uint8Array(this.pending.length + bytes.length);
    all.set(this.pending);
    all.set(bytes, this.pending.length);
    const frames: Uint8Array[] = [];
    let at = 0;
    for (; at + this.size <= all.length; at += this.size) frames.push(all.slice(at, at + this.size));
    this.pending = all.slice(at);
    return frames;
  }
}
