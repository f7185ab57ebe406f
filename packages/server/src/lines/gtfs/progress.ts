import { Transform } from 'node:stream';

/** The steps of an import a console shows, in order (docs/gtfs-import.md "From the console"). */
export const IMPORT_STAGES = ['reading', 'transforming', 'comparing', 'writing'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** Told how far a step has gone, 0–1. Called at most once per chunk or batch, so it may be cheap or throttled. */
export type StepProgress = (fraction: number) => void;

/**
 * Counts the bytes flowing through, for a reader's progress. One callback per chunk (64 KB from the zip), not per
 * row: the 265,000 stop_times rows of the shared feed cost ~400 calls.
 */
export function byteCounter(onBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk.length);
      done(null, chunk);
    },
  });
}
