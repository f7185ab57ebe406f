import type { Writable } from 'node:stream';

/**
 * Resolves when `stream` wants more, rejects when the download is gone (`out` closed or failed): a writer waiting
 * on a client that left must stop, not wait for ever holding its query open.
 */
export function drained(stream: Writable, out: Writable = stream): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('export stream closed'));
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('export stream closed'));
    stream.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onClose);
  });
}
