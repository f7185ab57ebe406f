import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A GTFS zip opened for random access: entries by base file name, each readable as a stream. */
export interface FeedArchive {
  has(file: string): boolean;
  open(file: string): Promise<Readable>;
  close(): void;
}

/**
 * Opens a zip with random access (yauzl reads the central directory), so stop_times.txt can be streamed after
 * stops.txt and trips.txt whatever order the archive stores them in. Files are keyed by base name because some
 * producers wrap the feed in a folder.
 */
export function openFeedArchive(path: string): Promise<FeedArchive> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${path}`));
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        const base = entry.fileName.split('/').pop() ?? '';
        if (base && !entry.fileName.endsWith('/') && !entries.has(base)) entries.set(base, entry);
        zip.readEntry();
      });
      zip.on('error', reject);
      zip.on('end', () =>
        resolve({
          has: (file) => entries.has(file),
          open: (file) =>
            new Promise((res, rej) => {
              const entry = entries.get(file);
              if (!entry) return rej(new Error(`${file} is not in the feed`));
              zip.openReadStream(entry, (e, stream) => (e || !stream ? rej(e ?? new Error(file)) : res(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}
