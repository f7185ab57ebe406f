import type { Kysely } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { regionDb } from '../../schema.ts';
import type { FenceSource } from '../fence.ts';
import { offset } from './places.ts';

// The regions the geofence benches fence (bench/geofence.ts, bench/gateway-ingest.ts --regions): one company's,
// scattered over a square around a city, 60% circles of 50–300 m and 40% polygons of 5–12 vertices and 80–400 m
// across. Paths are left out: a path is tested like a polygon's edge walk.

/** `count` region rows (ids 1…count) uniformly over a square `sideM` metres wide centred on `origin`. */
export function benchRegions(
  count: number,
  sideM: number,
  rng: () => number,
  origin?: readonly [number, number],
): FenceSource[] {
  const within = (lo: number, hi: number) => lo + rng() * (hi - lo);
  const rows: FenceSource[] = [];
  for (let id = 1; id <= count; id++) {
    const cx = within(-sideM / 2, sideM / 2);
    const cy = within(-sideM / 2, sideM / 2);
    const base = { id, region_name: `R${id}`, use_type: id % 4, region_option: '{}' };
    if (rng() < 0.6) {
      const [lat, lng] = offset(cx, cy, origin);
      rows.push({ ...base, region_type: 1, region_point: `${lat},${lng},${Math.round(within(50, 300))}` });
    } else {
      const n = Math.floor(within(5, 13));
      const r = within(40, 200);
      const points: string[] = [];
      for (let k = 0; k < n; k++) {
        const a = (k / n) * 2 * Math.PI;
        const rr = r * within(0.7, 1);
        points.push(offset(cx + rr * Math.cos(a), cy + rr * Math.sin(a), origin).join(','));
      }
      rows.push({ ...base, region_type: 3, region_point: points.join('|') });
    }
  }
  return rows;
}

/** Stores region rows as a company's shared regions (the benches' fresh databases). */
export async function storeBenchRegions(
  db: Kysely<Database>,
  companyId: number,
  rows: readonly FenceSource[],
  now: number,
): Promise<void> {
  const stored = rows.map(({ id: _id, ...r }) => ({
    ...r,
    company_id: companyId,
    is_share: 1,
    created_by: null,
    created_at: now,
    updated_at: now,
  }));
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < stored.length; i += 100) {
    await regionDb(db)
      .insertInto('regions')
      .values(stored.slice(i, i + 100))
      .execute();
  }
}
