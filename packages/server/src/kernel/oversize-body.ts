import type { IncomingMessage } from 'node:http';

// Fastify refuses a body over `bodyLimit` as soon as it knows (from Content-Length, or once the limit is crossed)
// and closes the connection after the answer. The client is often still uploading then, and a socket closed with
// unread bytes answers them with a TCP reset, which clients such as fetch report instead of the 413 already sent.
// Reading and discarding the rest of the body first lets the 413 arrive. The discarding is bounded in bytes and
// time, so a hostile upload costs at most this much before the connection is dropped anyway.
export const DRAIN_LIMITS = { bytes: 64 * 1024 * 1024, ms: 30_000 };

/** Reads and discards what is left of the request body; false when it gave up (too much, too slow, aborted). */
export function drainRequest(raw: IncomingMessage, limits = DRAIN_LIMITS): Promise<boolean> {
  if (raw.complete) return Promise.resolve(true);
  if (raw.destroyed || Number(raw.headers['content-length']) > limits.bytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFail = () => finish(false);
    const timer = setTimeout(onFail, limits.ms);
    timer.unref();
    function finish(drained: boolean): void {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('error', onFail).off('close', onFail);
      resolve(drained);
    }
    raw.on('data', onData).once('end', onEnd).once('error', onFail).once('close', onFail);
    raw.resume();
  });
}
