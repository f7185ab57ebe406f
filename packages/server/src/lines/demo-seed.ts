import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { crewName, demoFleetPlan } from './demo-fleet-plan.ts';
import { readGtfsFeed } from './gtfs/read.ts';
import { transformFeed } from './gtfs/transform.ts';
import { persistTransitPlan } from './persist.ts';
import { transitDb } from './schema.ts';

/** The project's copy of the Staten Island feed (packages/server/demo-data/), so the demo needs no ../shared. */
export const DEMO_FEED = fileURLToPath(new URL('../../demo-data/mta-staten-island-8-routes.zip', import.meta.url));

export interface DemoTransitResult {
  imported: boolean;
  vehicles: number;
  drivers: number;
  conductors: number;
}

/**
 * The demo company's transit data: the GTFS feed's lines, stations, stops and timetables, then fleets (one per
 * depot), vehicles bound to a line, each with its JT/T 808 device, and drivers and conductors with IC cards.
 * Idempotent: the feed is imported only when the company has no lines yet, and each vehicle, device and
 * employee is created only when missing (found by car name, terminal phone and employee number).
 */
export async function seedDemoTransit(
  db: Kysely<Database>,
  companyId: number,
  options: { feed?: string; now?: number } = {},
): Promise<DemoTransitResult> {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tdb = transitDb(db);
  const hasLines = await tdb.selectFrom('lines').select('id').where('company_id', '=', companyId).executeTakeFirst();
  const hasVehicles = await tdb
    .selectFrom('vehicles')
    .select('id')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  // Seeded before: skip reading the feed (three seconds) on every start.
  if (hasLines && hasVehicles) return { imported: false, vehicles: 0, drivers: 0, conductors: 0 };
  const plan = transformFeed(await readGtfsFeed(options.feed ?? DEMO_FEED));
  if (!hasLines) await persistTransitPlan(db, plan, { companyId, now });

  const lines = new Map(
    (await tdb.selectFrom('lines').select(['id', 'route_code']).where('company_id', '=', companyId).execute()).map(
      (l) => [l.route_code, l.id],
    ),
  );
  const vehicles = demoFleetPlan(plan);
  const fleets = new Map<string, number>();
  for (const name of new Set(vehicles.map((v) => v.fleetName))) {
    const found = await tdb
      .selectFrom('fleets')
      .select('id')
      .where('company_id', '=', companyId)
      .where('fleet_name', '=', name)
      .executeTakeFirst();
    const id =
      found?.id ??
      (
        await tdb
          .insertInto('fleets')
          .values({ company_id: companyId, fleet_name: name, category: 0, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    fleets.set(name, id);
  }

  // Each line belongs to the depot that runs it (the spec's route "fleet").
  for (const v of vehicles) {
    const lineId = lines.get(v.routeCode);
    const fleetId = fleets.get(v.fleetName);
    if (lineId !== undefined && fleetId !== undefined) {
      await tdb
        .updateTable('lines')
        .set({ fleet_id: fleetId })
        .where('id', '=', lineId)
        .where('fleet_id', 'is', null)
        .execute();
    }
  }

  let drivers = 0;
  let conductors = 0;
  await tdb.transaction().execute(async (trx) => {
    for (const v of vehicles) {
      const lineId = lines.get(v.routeCode) ?? null;
      const fleetId = fleets.get(v.fleetName) ?? null;
      let device = await trx
        .selectFrom('devices')
        .select('id')
        .where('terminal_phone', '=', v.terminalPhone)
        .executeTakeFirst();
      device ??= await trx
        .insertInto('devices')
        .values({
          company_id: companyId,
          terminal_phone: v.terminalPhone,
          imei: v.imei,
          protocol_version: v.protocolVersion,
          device_type: 'BUS',
          sim: `8986${v.terminalPhone.padStart(16, '0')}`,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const vehicle = await trx
        .selectFrom('vehicles')
        .select('id')
        .where('company_id', '=', companyId)
        .where('car_name', '=', v.carName)
        .executeTakeFirst();
      if (!vehicle) {
        await trx
          .insertInto('vehicles')
          .values({
            company_id: companyId,
            car_name: v.carName,
            lpn: v.lpn,
            imei: v.imei,
            channel: v.channel,
            line_id: lineId,
            fleet_id: fleetId,
            device_id: device.id,
            created_at: now,
          })
          .execute();
      }
      // One driver per bus, and a conductor on every other bus.
      const crew: [type: 1 | 2, no: string, card: string][] = [
        [1, `D${String(v.index).padStart(4, '0')}`, `10${String(v.index).padStart(8, '0')}`],
      ];
      if (v.index % 2 === 0)
        crew.push([2, `C${String(v.index).padStart(4, '0')}`, `20${String(v.index).padStart(8, '0')}`]);
      for (const [type, no, card] of crew) {
        if (type === 1) drivers++;
        else conductors++;
        const exists = await trx
          .selectFrom('employees')
          .select('id')
          .where('company_id', '=', companyId)
          .where('emp_no', '=', no)
          .executeTakeFirst();
        if (exists) continue;
        await trx
          .insertInto('employees')
          .values({
            company_id: companyId,
            emp_no: no,
            emp_name: crewName(v.index * 2 + type),
            emp_type: type,
            phone: `718555${String(v.index * 2 + type).padStart(4, '0')}`,
            ic_card: card,
            fleet_id: fleetId,
            line_id: lineId,
            created_at: now,
          })
          .execute();
      }
    }
  });
  return { imported: !hasLines, vehicles: vehicles.length, drivers, conductors };
}
