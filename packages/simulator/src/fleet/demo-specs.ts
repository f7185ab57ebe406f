import { transitDb } from '@headway/server/lines';
import type { Kysely } from 'kysely';
import { dutiesAt, type FeedSchedule } from '../plan/from-feed.ts';
import { localDate, serviceDayStart } from '../plan/zone.ts';
import type { Crew } from '../terminal/report.ts';
import type { FleetVehicleSpec } from './fleet.ts';

/**
 * The demo company's buses as fleet specs: every vehicle bound to a device and a line, parked at its line's first
 * station, with its driver and conductor (IC cards) unless `crew` is false. Shared by the demo fleet and the
 * accuracy bench so both drive the same buses.
 */
export async function demoFleetSpecs(
  // biome-ignore lint/suspicious/noExplicitAny: any Kysely over the server's store; only transit tables are read.
  anyDb: Kysely<any>,
  options: { companyId?: number; limit?: number; crew?: boolean } = {},
): Promise<FleetVehicleSpec[]> {
  const db = transitDb(anyDb);
  const companyId =
    options.companyId ??
    (await db.selectFrom('companies').select('id').where('name', '=', 'Demo Transit').executeTakeFirstOrThrow()).id;
  const rows = await db
    .selectFrom('vehicles')
    .innerJoin('devices', 'devices.id', 'vehicles.device_id')
    .innerJoin('lines', 'lines.id', 'vehicles.line_id')
    .select([
      'vehicles.id as id',
      'vehicles.car_name as carName',
      'vehicles.lpn as lpn',
      'vehicles.imei as imei',
      'vehicles.line_id as lineId',
      'lines.route_code as routeCode',
      'devices.terminal_phone as phone',
      'devices.protocol_version as version',
    ])
    .where('vehicles.company_id', '=', companyId)
    .orderBy('vehicles.id')
    .$if(options.limit !== undefined, (q) => q.limit(options.limit ?? 0))
    .execute();
  const crew = await db
    .selectFrom('employees')
    .select(['emp_no', 'emp_type', 'ic_card', 'line_id'])
    .where('company_id', '=', companyId)
    .orderBy('emp_no')
    .execute();
  const homes = await db
    .selectFrom('line_stations')
    .select(['line_id', 'lat', 'lng', 'azimuth'])
    .where('company_id', '=', companyId)
    .where('direction', '=', 1)
    .where('serial', '=', 1)
    .execute();

  const signOn = Math.floor(Date.now() / 1000) - 1800;
  const drivers = crew.filter((e) => e.emp_type === 1);
  const conductors = crew.filter((e) => e.emp_type === 2);
  return rows.map((r, i) => {
    const home = homes.find((h) => h.line_id === r.lineId);
    const driver =
      drivers.filter((d) => d.line_id === r.lineId)[rows.filter((x, k) => k < i && x.lineId === r.lineId).length] ??
      drivers[i];
    const conductor = conductors.find((c) => c.emp_no === `C${driver?.emp_no.slice(1)}`);
    const c: Crew | null = driver
      ? {
          driverNo: driver.emp_no,
          driverCard: driver.ic_card,
          conductorNo: conductor?.emp_no ?? '',
          conductorCard: conductor?.ic_card ?? '',
          signedOnAt: signOn,
        }
      : null;
    return {
      phone: r.phone,
      version: r.version === '2019' ? 2019 : 2013,
      carName: r.carName,
      plate: r.lpn,
      imei: r.imei,
      routeCode: r.routeCode,
      home: { lat: home?.lat ?? 0, lng: home?.lng ?? 0, azimuth: home?.azimuth ?? 0, routeCode: r.routeCode },
      crew: options.crew === false ? null : c,
    };
  });
}

/**
 * Seconds to shift the timetable so the demo looks busy at any hour: at night or on a quiet day (fewer than half
 * the buses on duty now), replay today's 08:00 peak from now on; otherwise 0.
 */
export function peakTimeShift(schedule: FeedSchedule, now: number, vehicles: number): number {
  if (dutiesAt(schedule, now).length >= vehicles / 2) return 0;
  const today = localDate(schedule.timeZone, now);
  return now - (serviceDayStart(schedule.timeZone, today.date) + 8 * 3600);
}
