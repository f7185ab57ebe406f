import { ERRORS, FUEL_TYPES, VEHICLE_FIELD_LABELS as L, VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import { type Kysely, sql } from 'kysely';
import { CreateVehicleBody, type VehicleRecord } from '../contract/index.ts';
import { assertBody } from '../imports/body-schema.ts';
import type { BodyColumn } from '../imports/cells.ts';
import { byName } from '../imports/references.ts';
import { importRoutes } from '../imports/routes.ts';
import { organisationDb } from '../organisation/schema.ts';
import type { Services } from '../services.ts';
import type { Database } from '../store/schema.ts';
import { FleetScreen, on } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { fleetDb } from './schema.ts';
import { vehicleValues } from './vehicle-input.ts';
import { getVehicle, insertVehicle, updateVehicle } from './vehicle-queries.ts';

// Vehicles from xlsx (docs/exports.md "Imports"): the export's columns (vehicle-sheet.ts), each row through the
// rules of POST /basic/cars. A row whose name, else whose plate, is a vehicle of the company updates it, keeping
// what the file has no column for. Its line is named by line name or code, its fleet by name, its device by IMEI.
// New vehicles stop at the company's authorised vehicle count (0 = no limit).

export function vehicleImportColumns(db: Kysely<Database>): readonly BodyColumn[] {
  const text = { type: 'text' } as const;
  const date = { type: 'date' } as const;
  const dated = (key: keyof typeof L) => ({ key, header: L[key], kind: date, nullable: true });
  return [
    { key: 'car_name', header: L.car_name, required: true, kind: text },
    { key: 'lpn', header: L.lpn, required: true, kind: text },
    { key: 'imei', header: L.imei, kind: text },
    { key: 'terminal_phone', header: L.terminal_phone, kind: { type: 'shown' } },
    {
      key: 'route_id',
      header: L.route_id,
      nullable: true,
      kind: { type: 'reference', find: byName(db, 'lines', ['route_name', 'route_code']) },
    },
    {
      key: 'fleet_id',
      header: L.fleet_id,
      nullable: true,
      kind: { type: 'reference', find: byName(db, 'fleets', ['fleet_name']) },
    },
    { key: 'car_type', header: L.car_type, kind: { type: 'code', table: VEHICLE_TYPES } },
    { key: 'state', header: L.state, kind: { type: 'code', table: VEHICLE_STATES } },
    { key: 'channel', header: L.channel, kind: text },
    { key: 'vin', header: L.vin, kind: text },
    { key: 'model', header: L.model, kind: text },
    { key: 'fuel_type', header: L.fuel_type, nullable: true, kind: { type: 'code', table: FUEL_TYPES } },
    { key: 'seat', header: L.seat, nullable: true, kind: { type: 'integer' } },
    { key: 'approved_number', header: L.approved_number, nullable: true, kind: { type: 'integer' } },
    { key: 'registration_number', header: L.registration_number, kind: text },
    dated('register_time'),
    dated('expire_time'),
    dated('compulsory_insurance_time'),
    dated('commercial_insurance_time'),
    dated('tax_due_date'),
    dated('next_inspection_time'),
    { key: 'remark', header: L.remark, kind: text },
  ];
}

/** The company's vehicle with this name, else with this plate. */
async function vehicleByKey(db: Kysely<Database>, companyId: number, name: string, plate: string) {
  const rows = await fleetDb(db)
    .selectFrom('vehicles')
    .select(['id', 'car_name'])
    .where('company_id', '=', companyId)
    .where((eb) =>
      eb.or([
        eb(sql`lower(car_name)`, '=', name.trim().toLowerCase()),
        eb(sql`lower(lpn)`, '=', plate.trim().toLowerCase()),
      ]),
    )
    .orderBy('id')
    .execute();
  const byName = rows.find((r) => r.car_name.trim().toLowerCase() === name.trim().toLowerCase());
  const found = byName ?? rows[0];
  return found === undefined ? undefined : Number(found.id);
}

/** The stored record as the body PUT /basic/cars would take, so an update changes only the file's columns. */
function bodyOfRecord(record: VehicleRecord): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(CreateVehicleBody.properties)) body[key] = record[key as keyof VehicleRecord];
  return body;
}

export function vehicleImportRoutes(services: Pick<Services, 'db' | 'clock'>) {
  const { db } = services;
  return importRoutes(services, {
    path: '/basic/cars/import',
    access: on(FleetScreen.vehicle, 'import').access,
    title: { en: 'Vehicles', zh: '车辆', th: 'รถ' },
    fileBase: 'vehicles-import',
    columns: vehicleImportColumns(db),
    unique: ['car_name', 'lpn', 'imei', 'vin'],
    async check(body, context) {
      const existing = await vehicleByKey(db, context.companyId, String(body.car_name ?? ''), String(body.lpn ?? ''));
      const current = existing === undefined ? undefined : await getVehicle(db, context.companyId, existing);
      const merged = current ? { ...bodyOfRecord(current), ...body } : body;
      assertBody(CreateVehicleBody, merged);
      const values = await vehicleValues(context.request, db, context.companyId, merged as CreateVehicleBody, existing);
      return { existing, values };
    },
    async room(context) {
      const company = await organisationDb(db)
        .selectFrom('companies')
        .select('authorised_vehicles')
        .where('id', '=', context.companyId)
        .executeTakeFirst();
      const authorised = Number(company?.authorised_vehicles ?? 0);
      if (authorised === 0) return undefined;
      const { total } = await fleetDb(db)
        .selectFrom('vehicles')
        .select(sql<number>`count(*)`.as('total'))
        .where('company_id', '=', context.companyId)
        .executeTakeFirstOrThrow();
      return authorised - Number(total);
    },
    full: { field: 'car_name', reason: ERRORS.equipmentLimit.message },
    async write(trx, rows, context) {
      for (const { existing, values } of rows) {
        if (existing === undefined) await insertVehicle(trx, context.companyId, values, context.now);
        else await updateVehicle(trx, context.companyId, existing, values, context.now);
      }
    },
    announce: (context) => announceFleetChange(context.request, context.companyId),
  });
}
