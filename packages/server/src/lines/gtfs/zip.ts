import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** A GTFS zip opened for random access: entries by base file name, each readable as a stream. */
export interface FeedArchive {
  has(file: string): boolean;
  /** Uncompressed bytes of a file (0 when absent): what a reader's progress is measured against. */
  size(file: string): number;
  open(file: string): Promise<Readable>;
  close(): void;
}

/**
 * Opens a zip with random access (yauzl reads the central directory), so stop_times.txt can be streamed after
 * stops.txt and trips.txt whatever order the archive stores them in. Files are keyed by base name because some
 * producers wrap the feed in a folder.
 */
export function openFeedArchive(source: string | Buffer): Promise<FeedArchive> {
  return new Promise((resolve, reject) => {
    const opened = (err: Error | null, zip?: yauzl.ZipFile) => {
      if (err || !zip) return reject(err ?? new Error('cannot open the feed'));
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
          size: (file) => entries.get(file)?.uncompressedSize ?? 0,
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
    };
    // An upload arrives as bytes (POST /basic/routes/gtfs/import); the CLI and the demo seed read a file.
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true, autoClose: false }, opened);
    else yauzl.fromBuffer(source, { lazyEntries: true }, opened);
  });
}
