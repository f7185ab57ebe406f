import { FLAG } from './escape.ts';

export interface FrameSplitterOptions {
  /**
   * Largest escaped frame accepted, delimiters excluded. Default 4096: a maximal frame is 21 + 1023 + 1 bytes
   * unescaped, ≤ 2090 escaped. Longer runs without a closing 7E are dropped and reported.
   */
  maxFrameSize?: number;
  /** Called for every dropped run of bytes: an oversize frame, or bytes outside any frame. */
  onDrop?: (reason: 'oversize' | 'garbage', bytes: number) => void;
}

export interface FrameSplitterStats {
  frames: number;
  oversize: number;
  garbageBytes: number;
}

/**
 * Cuts a TCP byte stream into JT/T 808 frames. Survives partial and glued reads and garbage between frames.
 *
 * A 7E that closes a frame may also open the next one (some devices send `7E…7E…7E`); the usual `7E…7E 7E…7E`
 * then yields an empty segment, which is skipped (reference §1.1). Segments shorter than a minimal frame
 * (13 bytes) are counted as garbage. Frames are returned escaped, without delimiters — pass them to
 * `decodeFrame`. A frame that lies inside one chunk is a view of that chunk (no copy).
 */
export class FrameSplitter {
  private readonly max: number;
  private readonly onDrop: FrameSplitterOptions['onDrop'];
  /** Bytes of an open frame carried over from previous chunks. */
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  /** True after an opening 7E. */
  private open = false;
  /** Dropping an oversize frame: ignore bytes until the next 7E. */
  private skipping = false;
  readonly stats: FrameSplitterStats = { frames: 0, oversize: 0, garbageBytes: 0 };

  constructor(opts: FrameSplitterOptions = {}) {
    this.max = opts.maxFrameSize ?? 4096;
    this.onDrop = opts.onDrop;
  }

  /** Bytes held for an unfinished frame. */
  get buffered(): number {
    return this.pendingLength;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      const j = chunk.indexOf(FLAG, i);
      if (!this.open) {
        const skipped = (j < 0 ? n : j) - i;
        // The rest of an oversize frame was already reported when it crossed the limit.
        if (skipped > 0 && !this.skipping) this.drop('garbage', skipped, false);
        if (j < 0) return out;
        this.skipping = false;
        this.open = true;
        i = j + 1;
        continue;
      }
      if (j < 0) {
        // No closing flag in this chunk: keep the tail, unless the frame is already too long.
        const len = this.pendingLength + (n - i);
        if (len > this.max) {
          this.discardPending(len);
        } else {
          this.pending.push(chunk.slice(i));
          this.pendingLength = len;
        }
        return out;
      }
      const segLen = this.pendingLength + (j - i);
      if (segLen > this.max) {
        this.discardPending(segLen);
        // The 7E at j ends the oversize frame and opens the next one.
        this.skipping = false;
        this.open = true;
      } else if (segLen === 0) {
        // 7E 7E: the second flag opens the next frame.
      } else if (segLen < 13) {
        this.drop('garbage', segLen, true);
      } else {
        out.push(this.pendingLength === 0 ? chunk.subarray(i, j) : this.concat(chunk.subarray(i, j)));
        this.stats.frames++;
      }
      this.pending = [];
      this.pendingLength = 0;
      i = j + 1;
    }
    return out;
  }

  /** Forgets any partial frame (e.g. after the connection is reset). */
  reset(): void {
    this.pending = [];
    this.pendingLength = 0;
    this.open = false;
    this.skipping = false;
  }

  private discardPending(len: number): void {
    this.pending = [];
    this.pendingLength = 0;
    this.open = false;
    this.skipping = true;
    this.stats.oversize++;
    this.onDrop?.('oversize', len);
  }

  private drop(reason: 'garbage', bytes: number, resetPending: boolean): void {
    this.stats.garbageBytes += bytes;
    if (resetPending) {
      this.pending = [];
      this.pendingLength = 0;
    }
    this.onDrop?.(reason, bytes);
  }

  private concat(last: Uint8Array): Uint8Array {
    const out = new Uint8Array(this.pendingLength + last.length);
    let o = 0;
    for (const p of this.pending) {
      out.set(p, o);
      o += p.length;
    }
    out.set(last, o);
    return out;
  }
}
