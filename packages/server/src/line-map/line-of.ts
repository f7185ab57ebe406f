import type { LineScope } from '../consoles/scope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { LineMapDb } from './schema.ts';

export interface MapLine {
  id: number;
  route_code: string;
  route_name: string;
  category: number;
}

/**
 * The caller's line with this code. Another company's line, a line outside the caller's consoles and an unknown
 * code all answer 1008 alike (docs/api.md "Permissions": what is not yours looks like what does not exist).
 */
export async function lineOf(db: LineMapDb, companyId: number, routeCode: string, scope: LineScope): Promise<MapLine> {
  const line = await db
    .selectFrom('lines')
    .select(['id', 'route_code', 'route_name', 'category'])
    .where('company_id', '=', companyId)
    .where('route_code', '=', routeCode)
    .executeTakeFirst();
  if (!line || (scope && !scope.has(line.id))) throw new ApiError(ErrorCode.recordMissing);
  return line;
}

export interface MapStation {
  id: number;
  direction: number;
  serial: number;
  station_name: string;
  /** Metres from the direction's origin along its path. */
  distance: number;
}

/** The line's stations, by direction then serial. */
export function stationsOf(db: LineMapDb, companyId: number, lineId: number): Promise<MapStation[]> {
  return db
    .selectFrom('line_stations')
    .select(['id', 'direction', 'serial', 'station_name', 'distance'])
    .where('company_id', '=', companyId)
    .where('line_id', '=', lineId)
    .orderBy('direction')
    .orderBy('serial')
    .execute();
}
