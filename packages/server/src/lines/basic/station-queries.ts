import { headingAtSegment, parsePathText, projectOntoPath } from '@headway/spec';
import { type Kysely, sql } from 'kysely';
import type { ListResult, StationFilter, StationRow } from '../../contract/index.ts';
import { contains, pageOffset } from '../../store/paging.ts';
import type { Database } from '../../store/schema.ts';
import { transitDb } from '../schema.ts';
import { stationRows, toStationRow } from './line-queries.ts';

// /basic/route/stations: the stations of every line of the company (the Station screen), and the edits that do
// not move a station along its line (name, abbreviation, flag, azimuth, opposite side).

function filtered(db: Kysely<Database>, companyId: number, filter: StationFilter) {
  let query = stationRows(db, companyId);
  const search = filter.search?.trim();
  if (search)
    query = query.where((eb) =>
      eb.or([contains('s.station_name', search), contains('l.route_name', search), contains('l.route_code', search)]),
    );
  if (filter.route_id !== undefined) query = query.where('s.line_id', '=', filter.route_id);
  if (filter.direction !== undefined) query = query.where('s.direction', '=', filter.direction);
  return query;
}

export async function countStations(db: Kysely<Database>, companyId: number, filter: StationFilter) {
  let query = transitDb(db)
    .selectFrom('line_stations as s')
    .innerJoin('lines as l', (j) => j.onRef('l.id', '=', 's.line_id').onRef('l.company_id', '=', 's.company_id'))
    .where('s.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search)
    query = query.where((eb) =>
      eb.or([contains('s.station_name', search), contains('l.route_name', search), contains('l.route_code', search)]),
    );
  if (filter.route_id !== undefined) query = query.where('s.line_id', '=', filter.route_id);
  if (filter.direction !== undefined) query = query.where('s.direction', '=', filter.direction);
  const row = await query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function listStations(
  db: Kysely<Database>,
  companyId: number,
  filter: StationFilter,
  page: { page: number; limit: number },
): Promise<ListResult<StationRow>> {
  const rows = await filtered(db, companyId, filter)
    .orderBy('l.sort_id')
    .orderBy('l.route_code')
    .orderBy('s.direction')
    .orderBy('s.serial')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countStations(db, companyId, filter), rows: rows.map(toStationRow) };
}

export async function* exportedStations(
  db: Kysely<Database>,
  companyId: number,
  filter: StationFilter,
  max = 65_535,
): AsyncGenerator<StationRow> {
  const batch = 1000;
  for (let offset = 0; offset < max; offset += batch) {
    const rows = await filtered(db, companyId, filter)
      .orderBy('l.sort_id')
      .orderBy('l.route_code')
      .orderBy('s.direction')
      .orderBy('s.serial')
      .limit(Math.min(batch, max - offset))
      .offset(offset)
      .execute();
    for (const r of rows) yield toStationRow(r);
    if (rows.length < batch) return;
  }
}

export async function getStation(db: Kysely<Database>, companyId: number, id: number): Promise<StationRow | undefined> {
  const row = await stationRows(db, companyId).where('s.id', '=', id).executeTakeFirst();
  return row ? toStationRow(row) : undefined;
}

export async function updateStation(
  db: Kysely<Database>,
  companyId: number,
  id: number,
  values: { station_name: string; abridge?: string; flag?: number; azimuth?: number; duration?: number },
) {
  await transitDb(db)
    .updateTable('line_stations')
    .set(values)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}

/** Sets is_opposite on the company's stations among `ids`; answers how many were changed. */
export async function setOpposite(db: Kysely<Database>, companyId: number, ids: number[], isOpposite: number) {
  const result = await transitDb(db)
    .updateTable('line_stations')
    .set({ is_opposite: isOpposite })
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Each station's azimuth from its direction's main path at the station (the path's heading there). */
export async function recomputeAzimuths(db: Kysely<Database>, companyId: number, lineId: number, direction?: number) {
  return transitDb(db)
    .transaction()
    .execute(async (trx) => {
      let paths = trx
        .selectFrom('line_paths')
        .select(['direction', 'path'])
        .where('company_id', '=', companyId)
        .where('line_id', '=', lineId)
        .where('variant', '=', 0);
      if (direction !== undefined) paths = paths.where('direction', '=', direction);
      let changed = 0;
      for (const p of await paths.execute()) {
        const path = parsePathText(p.path) ?? [];
        if (path.length < 2) continue;
        const stations = await trx
          .selectFrom('line_stations')
          .select(['id', 'lat', 'lng', 'azimuth'])
          .where('company_id', '=', companyId)
          .where('line_id', '=', lineId)
          .where('direction', '=', p.direction)
          .orderBy('serial')
          .execute();
        let floor = 0;
        for (const s of stations) {
          const at = projectOntoPath(path, [Number(s.lat), Number(s.lng)], floor);
          floor = at.along;
          const azimuth = headingAtSegment(path, at.segment);
          if (azimuth !== Number(s.azimuth)) {
            await trx.updateTable('line_stations').set({ azimuth }).where('id', '=', s.id).execute();
            changed++;
          }
        }
      }
      return changed;
    });
}
