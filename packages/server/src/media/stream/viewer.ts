/**
 * A viewer of one live stream and the slow-viewer policy. A viewer is anything that takes bytes; the hub never
 * queues for it: it asks how much the viewer has not sent yet (its socket backlog) before each tag.
 *
 * Policy: backlog above `slowBytes` → the viewer skips frames and resumes at the next keyframe that finds its
 * backlog below `slowBytes` again (a picture that freezes, then jumps, rather than latency that grows). Backlog
 * above `dropBytes`, or skipping for longer than `maxSkipMs` of stream time → the viewer is closed. So a viewer
 * costs at most dropBytes + one GOP of memory, whatever its network does.
 */
export interface ViewerSink {
  write(chunk: Uint8Array): void;
  /** Bytes written but not yet sent (ws.bufferedAmount, res.writableLength). Without it the viewer is never slow. */
  bufferedBytes?(): number;
  /** The hub is done with this viewer (dropped or stream ended). */
  close?(reason: ViewerCloseReason): void;
}

export type ViewerCloseReason = 'closed' | 'slow' | 'upstream-ended';

/** What the hub uses of a Node writable stream or http.ServerResponse. */
export interface NodeWritableLike {
  readonly writableLength: number;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  destroy(): unknown;
  once(event: 'close' | 'error', listener: () => void): unknown;
}

/** A sink, a bare function (never slow), or a Node writable stream / http.ServerResponse. */
export type ViewerTarget = ViewerSink | ((chunk: Uint8Array) => void) | NodeWritableLike;

export interface ViewerPolicy {
  /** Default 1 MiB (≈ 2–4 s of 720p at terminal bitrates). */
  slowBytes?: number;
  /** Default 8 MiB. */
  dropBytes?: number;
  /** Default 15 000 ms. */
  maxSkipMs?: number;
}

export const DEFAULT_VIEWER_POLICY: Required<ViewerPolicy> = {
  slowBytes: 1024 * 1024,
  dropBytes: 8 * 1024 * 1024,
  maxSkipMs: 15_000,
};

export interface NormalizedSink {
  sink: ViewerSink;
  /** Registers a callback for the target going away on its own (Node streams). */
  onGone?: (cb: () => void) => void;
}

function isNodeStream(t: ViewerTarget): t is NodeWritableLike {
  return typeof t === 'object' && 'writableLength' in t && typeof (t as NodeWritableLike).once === 'function';
}

export function normalizeTarget(target: ViewerTarget): NormalizedSink {
  if (typeof target === 'function') return { sink: { write: target } };
  if (isNodeStream(target)) {
    const s = target;
    return {
      sink: {
        write: (chunk) => void s.write(chunk),
        bufferedBytes: () => s.writableLength,
        close: (reason) => (reason === 'slow' ? s.destroy() : s.end()),
      },
      onGone: (cb) => {
        s.once('close', cb);
        s.once('error', cb);
      },
    };
  }
  return { sink: target };
}

export interface ViewerStats {
  bytesOut: number;
  tagsOut: number;
  skippedTags: number;
  /** Times it fell behind and resumed at a keyframe. */
  resyncs: number;
}
