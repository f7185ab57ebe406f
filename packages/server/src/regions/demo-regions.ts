import { formatLatLng, parseRegionPoint, RegionUseTypeCode, regionCentre } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { regionDb } from './schema.ts';

// The demo company's regions (issue 15: "every capability lives in the demo"): MTA Staten Island's bus depots as
// parking circles — so the live map's regions toggle has something to draw, depot visits are recorded and parked
// buses there count as at a depot — and the St. George ferry terminal as a point of interest (a marker, no fence:
// every line ends there, and a fence would raise an enter and an exit for every trip). Coordinates are the depots'
// yards to within a street; the radii cover their lots.

interface DemoRegion {
  region_name: string;
  region_type: number;
  use_type: number;
  region_point: string;
  remark: string;
}

export const DEMO_REGIONS: readonly DemoRegion[] = [
  {
    region_name: 'Castleton Depot',
    region_type: 1,
    use_type: RegionUseTypeCode.parking,
    region_point: '40.6357,-74.1288,180',
    remark: '1390 Castleton Ave',
  },
  {
    region_name: 'Charleston Depot',
    region_type: 1,
    use_type: RegionUseTypeCode.parking,
    region_point: '40.5338,-74.2357,220',
    remark: 'Arthur Kill Rd',
  },
  {
    region_name: 'Yukon Depot',
    region_type: 1,
    use_type: RegionUseTypeCode.parking,
    region_point: '40.5768,-74.1678,200',
    remark: 'Yukon Ave',
  },
  {
    region_name: 'St. George Ferry Terminal',
    region_type: 0,
    use_type: 0,
    region_point: '40.6437,-74.0736',
    remark: 'Bus ramps A–D',
  },
];

/** Adds the demo regions the company does not have yet (by name): idempotent, and a renamed one is left alone. */
export async function seedDemoRegions(db: Kysely<Database>, companyId: number, now: number): Promise<void> {
  const existing = await regionDb(db)
    .selectFrom('regions')
    .select('region_name')
    .where('company_id', '=', companyId)
    .execute();
  const have = new Set(existing.map((r) => r.region_name));
  const rows = DEMO_REGIONS.filter((r) => !have.has(r.region_name)).map((r) => {
    const parsed = parseRegionPoint(r.region_type, r.region_point);
    if (!parsed.ok) throw new Error(`demo region ${r.region_name}: ${parsed.reason}`);
    return {
      ...r,
      company_id: companyId,
      center: formatLatLng(regionCentre(parsed.shape)),
      is_share: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
    };
  });
  if (rows.length > 0) await regionDb(db).insertInto('regions').values(rows).execute();
}
