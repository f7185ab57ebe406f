import type { ViewerHandle, ViewerSink } from '../media/index.ts';
import type { ViewerCloseReason } from '../media/stream/viewer.ts';

/** FLV file header + PreviousTagSize0: what every new viewer of a stream is sent first. */
const FLV_HEADER_BYTES = 13;
/** A tag's 11-byte header + its 4-byte PreviousTagSize. */
const TAG_OVERHEAD = 15;
/** Step between the last tag before a move and the first after it: one frame at 25 fps. */
const MOVE_STEP_MS = 40;

/** The browser's end of a viewer: an HTTP response or a WebSocket, with a way to learn it went away. */
export interface ViewerOutlet extends ViewerSink {
  /** Registers the callback for the client leaving on its own. */
  onGone(cb: () => void): void;
}

/**
 * One browser viewer of live video, between its connection and the hub. It can be moved to another stream of the
 * same camera (0x9102 switch main ↔ sub) without the browser reconnecting: the new stream's FLV file header is
 * dropped, and its tag timestamps are shifted to continue one frame after the last one sent, so the player sees one
 * file whose sequence header changes (mpegts.js rebuilds its init segment on that) rather than time going back.
 */
export class ViewerRelay implements ViewerSink {
  private handle: ViewerHandle | undefined;
  private skip = 0;
  /** Added to the stream's timestamps; computed at the first tag after a move. */
  private shift = 0;
  private rebase = false;
  /** Moved at least once: from then on tags are copied to carry shifted timestamps. */
  private moved = false;
  private lastTimestamp = -1;
  private closed = false;
  private detaching = false;
  private readonly goneCallbacks: (() => void)[] = [];

  constructor(
    private readonly outlet: ViewerOutlet,
    /** Who opened it (the API session), so a caller's "close" closes only their own viewers. */
    readonly session: number,
  ) {
    outlet.onGone(() => this.gone());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Attaches to a stream: `attach` adds this relay as a hub viewer and returns its handle. */
  attach(attach: (sink: ViewerSink) => ViewerHandle): void {
    if (this.closed) return;
    const previous = this.handle;
    const moving = previous !== undefined;
    // Leaving the old stream makes it call close() on us: that is not the viewer's end.
    this.handle = undefined;
    this.detaching = true;
    previous?.close();
    this.detaching = false;
    if (moving) {
      this.skip = FLV_HEADER_BYTES;
      this.rebase = true;
      this.moved = true;
    }
    this.handle = attach(this);
  }

  /** Called when the relay is let go for good (client gone, closed by the platform). */
  whenGone(cb: () => void): void {
    this.goneCallbacks.push(cb);
  }

  write(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.skip > 0) {
      const n = Math.min(this.skip, bytes.length);
      this.skip -= n;
      bytes = bytes.subarray(n);
      if (bytes.length === 0) return;
    }
    if (!this.moved) {
      // The first stream of this viewer: its bytes go as they are (the common case, no copy).
      this.track(bytes, false);
      this.outlet.write(bytes);
      return;
    }
    this.outlet.write(this.track(bytes, true));
  }

  bufferedBytes(): number {
    return this.outlet.bufferedBytes?.() ?? 0;
  }

  close(reason: ViewerCloseReason): void {
    if (this.closed || this.detaching) return;
    this.closed = true;
    this.handle = undefined;
    this.outlet.close?.(reason);
    this.fireGone();
  }

  /** The platform ends this viewing (live control 0). */
  stop(): void {
    const handle = this.handle;
    this.handle = undefined;
    handle?.close();
    this.close('closed');
  }

  private gone(): void {
    if (this.closed) return;
    this.closed = true;
    const handle = this.handle;
    this.handle = undefined;
    handle?.close();
    this.fireGone();
  }

  private fireGone(): void {
    for (const cb of this.goneCallbacks.splice(0)) cb();
  }

  /**
   * Walks the whole tags in `bytes` (the hub writes whole tags only, after the file header), remembering the last
   * timestamp and, when `rewrite`, returning a copy with timestamps shifted.
   */
  private track(bytes: Uint8Array, rewrite: boolean): Uint8Array {
    const out = rewrite ? Uint8Array.from(bytes) : bytes;
    let o = 0;
    // A first write starting with the file header (a fresh viewer) is passed over.
    if (out.length >= FLV_HEADER_BYTES && out[0] === 0x46 && out[1] === 0x4c && out[2] === 0x56) o = FLV_HEADER_BYTES;
    while (o + TAG_OVERHEAD <= out.length) {
      const size = ((out[o + 1] ?? 0) << 16) | ((out[o + 2] ?? 0) << 8) | (out[o + 3] ?? 0);
      let ts =
        (((out[o + 7] ?? 0) << 24) | ((out[o + 4] ?? 0) << 16) | ((out[o + 5] ?? 0) << 8) | (out[o + 6] ?? 0)) >>> 0;
      if (rewrite) {
        if (this.rebase) {
          this.shift = this.lastTimestamp + MOVE_STEP_MS - ts;
          this.rebase = false;
        }
        ts = Math.max(0, ts + this.shift) >>> 0;
        out[o + 4] = (ts >>> 16) & 0xff;
        out[o + 5] = (ts >>> 8) & 0xff;
        out[o + 6] = ts & 0xff;
        out[o + 7] = ts >>> 24;
      }
      if (ts > this.lastTimestamp) this.lastTimestamp = ts;
      o += size + TAG_OVERHEAD;
    }
    return out;
  }
}
