import type { Kysely } from 'kysely';
import type { TransitTables } from '../../lines/schema.ts';
import type { Database } from '../../store/schema.ts';
import type { TrackTables } from '../../tracks/schema.ts';

export interface FixtureVehicle {
  carName: string;
  imei: string;
  terminalPhone: string;
  fleet: string | null;
  line: string | null;
  online?: boolean;
}

/** A small transit set for one company: fleets, lines with one direction, path, two stations, and vehicles. */
export async function seedMapFixture(
  db: Kysely<Database>,
  companyId: number,
  vehicles: readonly FixtureVehicle[],
): Promise<{ lineIds: Map<string, number>; carIds: Map<string, number> }> {
  const tdb = db.withTables<TransitTables>().withTables<TrackTables>();
  const now = 1_763_780_000;
  const fleetIds = new Map<string, number>();
  const lineIds = new Map<string, number>();
  const carIds = new Map<string, number>();
  for (const v of vehicles) {
    if (v.fleet && !fleetIds.has(v.fleet)) {
      const row = await tdb
        .insertInto('fleets')
        .values({ company_id: companyId, fleet_name: v.fleet, category: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      fleetIds.set(v.fleet, row.id);
    }
    if (v.line && !lineIds.has(v.line)) {
      const line = await tdb
        .insertInto('lines')
        .values({
          company_id: companyId,
          route_code: v.line,
          route_name: `Line ${v.line}`,
          sort_id: lineIds.size,
          category: 0,
          fleet_id: null,
          color: '#2266cc',
          gtfs_route_id: v.line,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      lineIds.set(v.line, line.id);
      await tdb
        .insertInto('line_directions')
        .values({
          company_id: companyId,
          line_id: line.id,
          direction: 1,
          origin: 'North',
          terminal: 'South',
          first_time: '06:00',
          last_time: '22:00',
          distance: 1200,
          intervals: 10,
          avg_station_km: 1.2,
          station_count: 2,
          shape_id: 's1',
        })
        .execute();
      await tdb
        .insertInto('line_paths')
        .values({
          company_id: companyId,
          line_id: line.id,
          direction: 1,
          path: '40.6400,-74.0800|40.6300,-74.0900',
          style: JSON.stringify({ strokeColor: '#2266cc', strokeWeight: 3, strokeOpacity: 0.5 }),
        })
        .execute();
      for (const [serial, lat, lng] of [
        [1, 40.64, -74.08],
        [2, 40.63, -74.09],
      ] as const) {
        await tdb
          .insertInto('line_stations')
          .values({
            company_id: companyId,
            line_id: line.id,
            direction: 1,
            serial,
            station_name: `Stop ${serial}`,
            azimuth: 0,
            distance: serial === 1 ? 0 : 1200,
            duration: 0,
            stop_id: `S${serial}`,
            lng,
            lat,
          })
          .execute();
      }
    }
    const device = await tdb
      .insertInto('devices')
      .values({
        company_id: companyId,
        terminal_phone: v.terminalPhone,
        imei: v.imei,
        protocol_version: '2013',
        device_type: 'BUS',
        sim: '',
        created_at: now,
        online: v.online ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const car = await tdb
      .insertInto('vehicles')
      .values({
        company_id: companyId,
        car_name: v.carName,
        lpn: `LPN-${v.carName}`,
        imei: v.imei,
        channel: 'CH1',
        line_id: v.line ? (lineIds.get(v.line) ?? null) : null,
        fleet_id: v.fleet ? (fleetIds.get(v.fleet) ?? null) : null,
        device_id: device.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    carIds.set(v.carName, car.id);
  }
  return { lineIds, carIds };
}

/** One stored track point, as the gateway's ingest writer commits it. */
export async function storePosition(
  db: Kysely<Database>,
  companyId: number,
  terminalPhone: string,
  point: { lat: number; lng: number; speed: number; eventTime: number; state?: number; mileage?: number },
): Promise<void> {
  await db
    .withTables<TrackTables>()
    .insertInto('positions')
    .values({
      company_id: companyId,
      terminal_phone: terminalPhone,
      vehicle_id: null,
      lat: point.lat,
      lng: point.lng,
      speed: point.speed,
      azimuth: 90,
      altitude: 10,
      mileage: point.mileage ?? null,
      state: point.state ?? 3,
      warning: 0,
      attached: JSON.stringify({ satellites: 11, signal: 20 }),
      event_time: point.eventTime,
      receive_time: point.eventTime + 1,
    })
    .execute();
}
