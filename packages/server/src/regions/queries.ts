import { parseRegionPoint, type RegionShape } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ListResult, RegionFilter, RegionRow, RegionShapeRow, RegionVisitRow } from '../contract/index.ts';
import { parseJson } from '../store/json.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { regionDb } from './schema.ts';

// The store side of /basic/region, shared with the console, the geofence engine and the terminal push. Every
// statement carries the company id. Visibility (spec "shared regions are visible to the whole company; others to
// their creator's console"): read as the creator — a region with is_share 0 is seen, edited and deleted by the
// user who made it only, is_share 1 by everyone of the company. The geofence engine tests every region of the
// company whoever drew it (companyRegions): visibility is about the console, not about what the buses do.

/** Who is looking: a region is visible if shared or theirs. */
export interface RegionViewer {
  companyId: number;
  userId: number;
}

/** A region's writable fields, already validated and normalised (region-input.ts). */
export interface RegionValues {
  region_name: string;
  region_type: number;
  use_type: number;
  center: string;
  is_share: number;
  img_url: string;
  region_point: string;
  region_option: string;
  remark: string;
  style: string;
  icon: string;
}

/** What the geofence index and the terminal push need of a region. */
export interface CompanyRegion {
  id: number;
  regionName: string;
  useType: number;
  shape: RegionShape;
  /** region_option parsed; {} when absent or unreadable. */
  option: Record<string, unknown>;
}

function visibleRegions(db: Kysely<Database>, viewer: RegionViewer) {
  return regionDb(db)
    .selectFrom('regions')
    .leftJoin('users', 'users.id', 'regions.created_by')
    .where('regions.company_id', '=', viewer.companyId)
    .where((eb) => eb.or([eb('regions.is_share', '=', 1), eb('regions.created_by', '=', viewer.userId)]));
}

function filtered(db: Kysely<Database>, viewer: RegionViewer, filter: RegionFilter) {
  let query = visibleRegions(db, viewer);
  if (filter.region_type !== undefined) query = query.where('regions.region_type', '=', filter.region_type);
  const search = filter.search?.trim();
  if (search) query = query.where(contains('regions.region_name', search));
  return query;
}

function selectRow(query: ReturnType<typeof visibleRegions>) {
  return query.select([
    'regions.id',
    'regions.region_name',
    'regions.region_type',
    'regions.use_type',
    'regions.center',
    'regions.is_share',
    'regions.img_url',
    'regions.region_point',
    'regions.region_option',
    'regions.remark',
    'regions.style',
    'regions.icon',
    'regions.created_by',
    'users.account as created_by_account',
    'regions.created_at',
    'regions.updated_at',
  ]);
}

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRow>['execute']>>[number];

function toRow(row: StoredRow): RegionRow {
  const [lat, lng] = row.center.split(',').map(Number);
  return {
    ...row,
    region_type: Number(row.region_type),
    use_type: Number(row.use_type),
    is_share: Number(row.is_share),
    center_lat: Number.isFinite(lat) ? (lat as number) : 0,
    center_lng: Number.isFinite(lng) ? (lng as number) : 0,
    created_by: row.created_by === null ? null : Number(row.created_by),
    created_by_account: row.created_by_account ?? '',
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function listRegions(
  db: Kysely<Database>,
  viewer: RegionViewer,
  filter: RegionFilter,
  page: { page: number; limit: number },
): Promise<ListResult<RegionRow>> {
  const counted = await filtered(db, viewer, filter)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const rows = await selectRow(filtered(db, viewer, filter))
    .orderBy('regions.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: Number(counted.total), rows: rows.map(toRow) };
}

export async function countRegions(db: Kysely<Database>, viewer: RegionViewer, filter: RegionFilter) {
  const counted = await filtered(db, viewer, filter)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** Every matching region, newest first, read in batches (the export). */
export async function* exportedRegions(
  db: Kysely<Database>,
  viewer: RegionViewer,
  filter: RegionFilter,
  batch = 1000,
): AsyncGenerator<RegionRow> {
  // No sentinel id to start from: PostgreSQL refuses a bound past its integer range.
  let before: number | undefined;
  for (;;) {
    const query = filtered(db, viewer, filter);
    const rows = await selectRow(before === undefined ? query : query.where('regions.id', '<', before))
      .orderBy('regions.id', 'desc')
      .limit(batch)
      .execute();
    for (const row of rows) yield toRow(row);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    before = last.id;
  }
}

/** The region if the viewer may see (and so edit and delete) it; another company's or user's private → undefined. */
export async function getRegion(
  db: Kysely<Database>,
  viewer: RegionViewer,
  regionId: number,
): Promise<RegionRow | undefined> {
  const row = await selectRow(visibleRegions(db, viewer).where('regions.id', '=', regionId)).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/**
 * Another region of the company already has this name (ignoring case; SQLite folds ASCII only). Counted over the
 * whole company, private regions included, as the spec's validator asks for the company.
 */
export async function regionNameTaken(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  except?: number,
): Promise<boolean> {
  let query = regionDb(db)
    .selectFrom('regions')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(region_name) = ${name.trim().toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRegion(
  db: Kysely<Database>,
  viewer: RegionViewer,
  values: RegionValues,
  now: number,
): Promise<number> {
  const row = await regionDb(db)
    .insertInto('regions')
    .values({ ...values, company_id: viewer.companyId, created_by: viewer.userId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRegion(
  db: Kysely<Database>,
  companyId: number,
  regionId: number,
  values: RegionValues,
  now: number,
): Promise<void> {
  await regionDb(db)
    .updateTable('regions')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', regionId)
    .execute();
}

/** Visits go with the region (ON DELETE CASCADE); push records keep their history with region_id null. */
export async function deleteRegion(db: Kysely<Database>, companyId: number, regionId: number): Promise<void> {
  await regionDb(db).deleteFrom('regions').where('company_id', '=', companyId).where('id', '=', regionId).execute();
}

/** Every region of the company with its parsed shape, for the geofence index; a row that no longer parses is left out. */
export async function companyRegions(db: Kysely<Database>, companyId: number): Promise<CompanyRegion[]> {
  const rows = await regionDb(db)
    .selectFrom('regions')
    .select(['id', 'region_name', 'region_type', 'use_type', 'region_point', 'region_option'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const regions: CompanyRegion[] = [];
  for (const row of rows) {
    const parsed = parseRegionPoint(Number(row.region_type), row.region_point);
    if (!parsed.ok) continue;
    const option = parseJson<unknown>(row.region_option, {});
    regions.push({
      id: row.id,
      regionName: row.region_name,
      useType: Number(row.use_type),
      shape: parsed.shape,
      option: typeof option === 'object' && option !== null && !Array.isArray(option) ? { ...option } : {},
    });
  }
  return regions;
}

/** A region's visits, newest entry first; an open visit's dwell counts up to `now` (epoch seconds). */
export async function listRegionVisits(
  db: Kysely<Database>,
  companyId: number,
  regionId: number,
  page: { page: number; limit: number },
  now: number,
): Promise<ListResult<RegionVisitRow>> {
  const base = regionDb(db)
    .selectFrom('region_visits')
    .where('region_visits.company_id', '=', companyId)
    .where('region_visits.region_id', '=', regionId);
  const counted = await base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .leftJoin('vehicles', 'vehicles.id', 'region_visits.vehicle_id')
    .select([
      'region_visits.id',
      'region_visits.region_id',
      'region_visits.vehicle_id',
      'vehicles.car_name',
      'region_visits.terminal_phone',
      'region_visits.enter_time',
      'region_visits.exit_time',
      'region_visits.dwell_seconds',
    ])
    .orderBy('region_visits.enter_time', 'desc')
    .orderBy('region_visits.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return {
    total: Number(counted.total),
    rows: rows.map((r) => {
      const enter = Number(r.enter_time);
      const exit = r.exit_time === null ? null : Number(r.exit_time);
      return {
        id: Number(r.id),
        region_id: Number(r.region_id),
        car_id: r.vehicle_id === null ? null : Number(r.vehicle_id),
        car_name: r.car_name ?? '',
        terminal_phone: r.terminal_phone,
        enter_time: enter,
        exit_time: exit,
        dwell_seconds: r.dwell_seconds !== null ? Number(r.dwell_seconds) : Math.max(0, (exit ?? now) - enter),
      };
    }),
  };
}

/** Every region the viewer sees, only what a map draws; more than `max` → undefined (the caller says 1009). */
export async function regionShapes(
  db: Kysely<Database>,
  viewer: RegionViewer,
  max: number,
): Promise<RegionShapeRow[] | undefined> {
  const rows = await visibleRegions(db, viewer)
    .select([
      'regions.id',
      'regions.region_name',
      'regions.region_type',
      'regions.use_type',
      'regions.region_point',
      'regions.region_option',
      'regions.is_share',
    ])
    .orderBy('regions.id')
    .limit(max + 1)
    .execute();
  if (rows.length > max) return undefined;
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    region_type: Number(r.region_type),
    use_type: Number(r.use_type),
    is_share: Number(r.is_share),
  }));
}
