import type { Kysely } from 'kysely';
import { transitDb } from '../../packages/server/src/lines/schema.ts';
import type { Database } from '../../packages/server/src/store/schema.ts';

export interface FleetOptions {
  count: number;
  /** Four digits; a terminal's phone is this plus its index in 8 digits. */
  phonePrefix: string;
  /** Four digits; an IMEI is this plus the index in 11 digits, so a bench can pick its own rows out. */
  imeiPrefix: string;
  /** Car names are this plus the index in 5 digits, plates this plus the index. */
  namePrefix: string;
  /** Vehicle n runs on lineIds[n % length] (unbound when there are none). */
  lineIds: readonly number[];
  createdAt: number;
}

export interface FleetDevice {
  index: number;
  phone: string;
  imei: string;
}

/** N devices and their vehicles in a company, 250 rows a statement (what SQLite's variable limit allows). */
export async function seedFleet(db: Kysely<Database>, companyId: number, o: FleetOptions): Promise<FleetDevice[]> {
  const tdb = transitDb(db);
  const out: FleetDevice[] = [];
  for (let i = 0; i < o.count; i += 250) {
    const chunk = Array.from({ length: Math.min(250, o.count - i) }, (_, k) => i + k);
    const devices = await tdb
      .insertInto('devices')
      .values(
        chunk.map((n) => ({
          company_id: companyId,
          terminal_phone: `${o.phonePrefix}${String(n).padStart(8, '0')}`,
          imei: `${o.imeiPrefix}${String(n).padStart(11, '0')}`,
          protocol_version: '2013',
          device_type: '',
          sim: '',
          created_at: o.createdAt,
        })),
      )
      .returning(['id', 'terminal_phone', 'imei'])
      .execute();
    await tdb
      .insertInto('vehicles')
      .values(
        devices.map((d, k) => ({
          company_id: companyId,
          car_name: `${o.namePrefix}${String(i + k).padStart(5, '0')}`,
          lpn: `${o.namePrefix}${i + k}`,
          imei: d.imei,
          channel: '',
          line_id: o.lineIds[(i + k) % o.lineIds.length] ?? null,
          device_id: d.id,
          created_at: o.createdAt,
        })),
      )
      .execute();
    for (const [k, d] of devices.entries()) out.push({ index: i + k, phone: d.terminal_phone, imei: d.imei });
  }
  return out;
}

/** The company's lines with where a parked bus stands: the second station of the first direction. */
export function lineStops(db: Kysely<Database>, companyId: number) {
  return transitDb(db)
    .selectFrom('lines as l')
    .innerJoin('line_stations as s', (j) => j.onRef('s.line_id', '=', 'l.id').on('s.direction', '=', 1))
    .select(['l.id', 's.lat', 's.lng'])
    .where('l.company_id', '=', companyId)
    .where('s.serial', '=', 2)
    .execute();
}

/** The company's lines with their route codes (for their geometry). */
export function companyLines(db: Kysely<Database>, companyId: number) {
  return transitDb(db).selectFrom('lines').select(['id', 'route_code']).where('company_id', '=', companyId).execute();
}
