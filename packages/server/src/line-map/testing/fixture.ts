import type { Kysely } from 'kysely';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type { RealData } from '../../live/real-data.ts';
import type { Database } from '../../store/schema.ts';
import { lineMapDb } from '../schema.ts';
import type { ServiceCalendar } from '../timetable.ts';

// Lines, buses, timetables and users for the line map's suites: a straight line whose stations are `spacing`
// metres apart in both directions, so distances along it are easy to read in a test.

const CREATED = 1_763_780_000;

export interface SeededLine {
  lineId: number;
  /** Station ids by `${direction}/${serial}`. */
  stations: Map<string, number>;
}

export async function seedLine(
  db: Kysely<Database>,
  companyId: number,
  code: string,
  options: { stations: number; spacing?: number; category?: number },
): Promise<SeededLine> {
  const ldb = lineMapDb(db);
  const spacing = options.spacing ?? 1000;
  const line = await ldb
    .insertInto('lines')
    .values({
      company_id: companyId,
      route_code: code,
      route_name: `Line ${code}`,
      sort_id: 0,
      category: options.category ?? 0,
      fleet_id: null,
      color: '#2266cc',
      gtfs_route_id: code,
      created_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stations = new Map<string, number>();
  for (const direction of [1, 2]) {
    await ldb
      .insertInto('line_directions')
      .values({
        company_id: companyId,
        line_id: line.id,
        direction,
        origin: direction === 1 ? 'West' : 'East',
        terminal: direction === 1 ? 'East' : 'West',
        first_time: '05:00',
        last_time: '23:00',
        distance: (options.stations - 1) * spacing,
        intervals: 10,
        avg_station_km: spacing / 1000,
        station_count: options.stations,
        shape_id: `${code}-${direction}`,
      })
      .execute();
    for (let serial = 1; serial <= options.stations; serial++) {
      const row = await ldb
        .insertInto('line_stations')
        .values({
          company_id: companyId,
          line_id: line.id,
          direction,
          serial,
          station_name: `${code} stop ${direction}.${serial}`,
          azimuth: 90,
          distance: (serial - 1) * spacing,
          duration: 0,
          stop_id: `${code}-${direction}-${serial}`,
          lng: -74.1 + serial * 0.01,
          lat: 40.6,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      stations.set(`${direction}/${serial}`, row.id);
    }
  }
  return { lineId: line.id, stations };
}

export async function seedVehicle(
  db: Kysely<Database>,
  companyId: number,
  vehicle: { carName: string; imei: string; lineId: number | null },
): Promise<number> {
  const row = await lineMapDb(db)
    .insertInto('vehicles')
    .values({
      company_id: companyId,
      car_name: vehicle.carName,
      lpn: `LPN-${vehicle.carName}`,
      imei: vehicle.imei,
      channel: 'CH1',
      line_id: vehicle.lineId,
      fleet_id: null,
      device_id: null,
      created_at: CREATED,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores a vehicle's last real_data as the ingest's live-state writer does. */
export async function storeLiveState(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
  data: RealData,
): Promise<void> {
  await lineMapDb(db)
    .insertInto('vehicle_live_state')
    .values({
      company_id: companyId,
      car_id: carId,
      imei: data.imei,
      terminal_phone: '',
      event_time: data.et,
      real_data: JSON.stringify(data),
      updated_at: data.rt,
    })
    .execute();
}

/** real_data of a bus on `code` in `dir`, last at station `sn` with `dist` metres to the next one. */
export function onRoute(
  imei: string,
  et: number,
  route: { code: string; dir: number; sn: number; dist: number; etd?: number },
): RealData {
  return { imei, lat: 40.6, lng: -74.1, v: 25, a: 90, s: 0b11, w: 0, et, rt: et, route };
}

export interface TripRow {
  direction: number;
  service_id: string;
  trip_id: string;
  departure_time: number;
  arrival_time?: number;
  headsign?: string;
}

export async function seedTimetable(
  db: Kysely<Database>,
  companyId: number,
  lineId: number,
  services: readonly ServiceCalendar[],
  trips: readonly TripRow[],
): Promise<void> {
  const ldb = lineMapDb(db);
  if (services.length > 0) {
    await ldb
      .insertInto('services')
      .values(services.map((s) => ({ company_id: companyId, ...s })))
      .execute();
  }
  for (let i = 0; i < trips.length; i += 200) {
    await ldb
      .insertInto('departures')
      .values(
        trips.slice(i, i + 200).map((t) => ({
          company_id: companyId,
          line_id: lineId,
          direction: t.direction,
          service_id: t.service_id,
          trip_id: t.trip_id,
          block_id: `B-${t.trip_id}`,
          shape_id: '',
          headsign: t.headsign ?? (t.direction === 1 ? 'East' : 'West'),
          departure_time: t.departure_time,
          arrival_time: t.arrival_time ?? t.departure_time + 1800,
          stop_count: 8,
        })),
      )
      .execute();
  }
}

/** A user of the admin's company with a role of these masks, signed in; in a console of `consoleLines` if given. */
export const userWith = signedInUserWith;
