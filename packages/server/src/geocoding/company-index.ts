import KDBush from 'kdbush';
import type { Kysely } from 'kysely';
import type { Clock } from '../kernel/time.ts';
import { transitDb } from '../lines/schema.ts';
import type { Database } from '../store/schema.ts';
import { densify, type LatLng, parsePath } from './geo.ts';

// One company's stops and line paths in kd-trees, built from the database on first use and rebuilt when the
// company's transit data changes. Imports run in another process (npm run import-gtfs), so no event tells this
// one: a cheap fingerprint (row counts and newest ids, which every re-import changes) is checked at most every
// `recheckMs`, and the index is rebuilt after `maxAgeMs` regardless, to pick up edits that keep both.

export interface StopEntry extends LatLng {
  name: string;
  /** route_code of the lines serving the stop, comma-separated (bus_stops.routes). */
  routes: string;
}

export interface LineEntry {
  id: number;
  code: string;
  name: string;
  /** [west, south, east, north] of the line's paths; null for a line without a path. */
  bbox: [number, number, number, number] | null;
}

export interface CompanyIndex {
  /** Changes with every rebuild: cached answers carry it, so a re-import retires them. */
  generation: number;
  stops: StopEntry[];
  /** Points are stops[i] as (lng, lat). */
  stopTree: KDBush | null;
  lines: LineEntry[];
  /**
   * Points along every path, densified: point i is (pathCoords[2i], pathCoords[2i+1]) as (lng, lat), on the line
   * lines[pathLine[i]]. Kept beside the tree because KDBush reorders its own coordinates when it sorts.
   */
  pathTree: KDBush | null;
  pathCoords: Float64Array;
  pathLine: Uint32Array;
  /** [west, south, east, north] of the company's stops: biases the Nominatim search towards the network. */
  bbox: [number, number, number, number] | null;
}

export interface IndexTiming {
  /** How long a built index is trusted before its fingerprint is checked again. */
  recheckMs: number;
  /** How long an index lives at most. */
  maxAgeMs: number;
}

export const DEFAULT_INDEX_TIMING: IndexTiming = { recheckMs: 30_000, maxAgeMs: 10 * 60_000 };

/** Path points are at most this far apart after densifying, so "on the line" is judged within ~half of it. */
const PATH_STEP_METRES = 25;

interface Entry {
  index: CompanyIndex;
  fingerprint: string;
  builtAt: number;
  checkedAt: number;
}

let generations = 0;

export class CompanyIndexes {
  private readonly entries = new Map<number, Entry>();
  /** One build or check per company at a time; concurrent requests share it. */
  private readonly pending = new Map<number, Promise<CompanyIndex>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly timing: IndexTiming = DEFAULT_INDEX_TIMING,
  ) {}

  async get(companyId: number): Promise<CompanyIndex> {
    const entry = this.entries.get(companyId);
    const now = this.clock.now();
    if (entry && now - entry.checkedAt < this.timing.recheckMs) return entry.index;
    let pending = this.pending.get(companyId);
    if (!pending) {
      pending = this.refresh(companyId, entry, now).finally(() => this.pending.delete(companyId));
      this.pending.set(companyId, pending);
    }
    return pending;
  }

  /** Forget a company's index (a later feature editing stops or lines calls this after saving). */
  invalidate(companyId: number): void {
    this.entries.delete(companyId);
  }

  private async refresh(companyId: number, entry: Entry | undefined, now: number): Promise<CompanyIndex> {
    const fingerprint = await this.fingerprint(companyId);
    if (entry && entry.fingerprint === fingerprint && now - entry.builtAt < this.timing.maxAgeMs) {
      entry.checkedAt = now;
      return entry.index;
    }
    const index = await this.build(companyId);
    this.entries.set(companyId, { index, fingerprint, builtAt: now, checkedAt: now });
    return index;
  }

  private async fingerprint(companyId: number): Promise<string> {
    const tdb = transitDb(this.db);
    const parts = await Promise.all(
      (['bus_stops', 'lines', 'line_paths'] as const).map((table) =>
        tdb
          .selectFrom(table)
          .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('m')])
          .where('company_id', '=', companyId)
          .executeTakeFirst(),
      ),
    );
    return parts.map((p) => `${p?.n ?? 0}:${p?.m ?? 0}`).join('|');
  }

  private async build(companyId: number): Promise<CompanyIndex> {
    const tdb = transitDb(this.db);
    const [stopRows, lineRows, pathRows] = await Promise.all([
      tdb
        .selectFrom('bus_stops')
        .select(['stop_name', 'lat', 'lng', 'routes'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute(),
      tdb
        .selectFrom('lines')
        .select(['id', 'route_code', 'route_name'])
        .where('company_id', '=', companyId)
        .orderBy('sort_id')
        .orderBy('route_code')
        .execute(),
      tdb
        .selectFrom('line_paths')
        .select(['line_id', 'path'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .execute(),
    ]);

    const stops: StopEntry[] = stopRows
      .map((s) => ({ name: s.stop_name, lat: Number(s.lat), lng: Number(s.lng), routes: s.routes }))
      .filter((s) => s.name !== '');
    const stopTree = treeOf(stops);

    const lines: LineEntry[] = lineRows.map((l) => ({ id: l.id, code: l.route_code, name: l.route_name, bbox: null }));
    const lineAt = new Map(lines.map((l, i) => [l.id, i]));
    const points: LatLng[] = [];
    const owners: number[] = [];
    for (const row of pathRows) {
      const owner = lineAt.get(row.line_id);
      if (owner === undefined) continue;
      const path = parsePath(row.path);
      const line = lines[owner]!;
      for (const p of path) line.bbox = extend(line.bbox, p);
      for (const p of densify(path, PATH_STEP_METRES)) {
        points.push(p);
        owners.push(owner);
      }
    }

    let bbox: CompanyIndex['bbox'] = null;
    for (const s of stops) bbox = extend(bbox, s);
    return {
      generation: ++generations,
      stops,
      stopTree,
      lines,
      pathTree: treeOf(points),
      pathCoords: interleave(points),
      pathLine: Uint32Array.from(owners),
      bbox,
    };
  }
}

function treeOf(points: readonly LatLng[]): KDBush | null {
  if (points.length === 0) return null;
  const tree = new KDBush(points.length);
  for (const p of points) tree.add(p.lng, p.lat);
  return tree.finish();
}

function interleave(points: readonly LatLng[]): Float64Array {
  const coords = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    coords[2 * i] = p.lng;
    coords[2 * i + 1] = p.lat;
  });
  return coords;
}

function extend(box: [number, number, number, number] | null, p: LatLng): [number, number, number, number] {
  if (!box) return [p.lng, p.lat, p.lng, p.lat];
  return [Math.min(box[0], p.lng), Math.min(box[1], p.lat), Math.max(box[2], p.lng), Math.max(box[3], p.lat)];
}
