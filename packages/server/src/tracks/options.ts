// Track query and track storage settings (docs/tracks.md "Configuration"), read from HEADWAY_TRACK_* variables.

export interface TrackQueryOptions {
  /**
   * Stored points one answer may hold (HEADWAY_TRACK_MAX_ROWS); more answers 1009. 200,000 is a 7-day track at a
   * 3 s interval, or an hour of 55 buses at 1 s: about 70 MB of JSON, the most a browser plays back smoothly.
   */
  maxRows: number;
  /**
   * Points read per query (not an environment setting): big enough that a 60,000-point week is a handful of
   * queries, small enough that memory stays flat whatever the answer's size. Tests lower it to cross page edges.
   */
  pageRows: number;
}

export interface TrackStorageOptions {
  /**
   * Days of positions kept (HEADWAY_TRACK_RETENTION_DAYS); 0 keeps them all. 180 by default: Chinese road
   * transport rules (道路运输车辆动态监督管理办法) ask operators to keep satellite positioning data six months.
   */
  retentionDays: number;
  /** Daily PostgreSQL partitions kept ready ahead of today (HEADWAY_TRACK_PARTITIONS_AHEAD). */
  partitionsAhead: number;
}

export const DEFAULT_TRACK_QUERY_OPTIONS: TrackQueryOptions = { maxRows: 200_000, pageRows: 10_000 };
export const DEFAULT_TRACK_STORAGE_OPTIONS: TrackStorageOptions = { retentionDays: 180, partitionsAhead: 7 };

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

export function trackQueryOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TrackQueryOptions {
  const d = DEFAULT_TRACK_QUERY_OPTIONS;
  return { ...d, maxRows: int(env, 'HEADWAY_TRACK_MAX_ROWS', d.maxRows, 1) };
}

export function trackStorageOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): TrackStorageOptions {
  const d = DEFAULT_TRACK_STORAGE_OPTIONS;
  return {
    retentionDays: int(env, 'HEADWAY_TRACK_RETENTION_DAYS', d.retentionDays, 0),
    partitionsAhead: int(env, 'HEADWAY_TRACK_PARTITIONS_AHEAD', d.partitionsAhead, 1),
  };
}
