import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ListResult, VehicleFilter, VehicleRecord } from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { fleetDb } from './schema.ts';

// The store side of /basic/cars: every statement carries the company id, so another company's vehicle is one
// that does not exist.

/** A vehicle's writable columns, validated (vehicle-input.ts). */
export interface VehicleValues {
  car_name: string;
  lpn: string;
  imei: string;
  device_id: number | null;
  line_id: number | null;
  fleet_id: number | null;
  car_type: number;
  state: number;
  channel: string;
  vin: string;
  fuel_100km: number | null;
  fuel_hour: number | null;
  tank: number | null;
  register_time: number | null;
  expire_time: number | null;
  icon: string;
  approved_number: number | null;
  seat: number | null;
  source: string;
  model: string;
  compulsory_insurance_time: number | null;
  commercial_insurance_time: number | null;
  tax_due_date: number | null;
  next_inspection_time: number | null;
  next_maintenance_time: number | null;
  fuel_type: number | null;
  engine_model: string;
  engine_no: string;
  gross_weight: number | null;
  curb_weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  production_date: number | null;
  scrap_date: number | null;
  contract_no: string;
  contract_expiration_date: number | null;
  registration_number: string;
  unit_id: string;
  img_url: string;
  remark: string;
}

function base(db: Kysely<Database>, companyId: number) {
  return fleetDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .leftJoin('fleets as f', (j) => j.onRef('f.id', '=', 'v.fleet_id').onRef('f.company_id', '=', 'v.company_id'))
    .leftJoin('devices as d', (j) => j.onRef('d.id', '=', 'v.device_id').onRef('d.company_id', '=', 'v.company_id'))
    .where('v.company_id', '=', companyId);
}

function filtered(db: Kysely<Database>, companyId: number, filter: VehicleFilter) {
  let query = base(db, companyId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([contains('v.car_name', search), contains('v.lpn', search), contains('v.imei', search)]),
    );
  }
  if (filter.route_id !== undefined) query = query.where('v.line_id', '=', filter.route_id);
  if (filter.fleet_id !== undefined) query = query.where('v.fleet_id', '=', filter.fleet_id);
  if (filter.state !== undefined) query = query.where('v.state', '=', filter.state);
  if (filter.car_type !== undefined) query = query.where('v.car_type', '=', filter.car_type);
  return query;
}

function selectRecord(query: ReturnType<typeof base>) {
  return query.select([
    'v.id',
    'v.car_name',
    'v.lpn',
    'v.imei',
    'd.terminal_phone',
    'v.device_id',
    'v.line_id',
    'l.route_code',
    'l.route_name',
    'v.fleet_id',
    'f.fleet_name',
    'v.car_type',
    'v.state',
    'v.channel',
    'v.vin',
    'v.fuel_100km',
    'v.fuel_hour',
    'v.tank',
    'v.register_time',
    'v.expire_time',
    'v.icon',
    'v.approved_number',
    'v.seat',
    'v.source',
    'v.model',
    'v.compulsory_insurance_time',
    'v.commercial_insurance_time',
    'v.tax_due_date',
    'v.next_inspection_time',
    'v.next_maintenance_time',
    'v.fuel_type',
    'v.engine_model',
    'v.engine_no',
    'v.gross_weight',
    'v.curb_weight',
    'v.length',
    'v.width',
    'v.height',
    'v.production_date',
    'v.scrap_date',
    'v.contract_no',
    'v.contract_expiration_date',
    'v.registration_number',
    'v.unit_id',
    'v.img_url',
    'v.remark',
    'v.created_at',
    'v.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRecord>['execute']>>[number];

/** PostgreSQL returns bigint as text and doubles as numbers; SQLite numbers: one shape for both. */
const num = (v: number | string | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

export function toRecord(r: Stored): VehicleRecord {
  return {
    car_id: Number(r.id),
    car_name: r.car_name,
    lpn: r.lpn,
    imei: r.imei,
    terminal_phone: r.terminal_phone ?? '',
    device_id: num(r.device_id),
    route_id: num(r.line_id),
    route_code: r.route_code ?? '',
    route_name: r.route_name ?? '',
    fleet_id: num(r.fleet_id),
    fleet_name: r.fleet_name ?? '',
    car_type: Number(r.car_type),
    state: Number(r.state),
    channel: r.channel,
    vin: r.vin,
    fuel_100km: num(r.fuel_100km),
    fuel_hour: num(r.fuel_hour),
    tank: num(r.tank),
    register_time: num(r.register_time),
    expire_time: num(r.expire_time),
    icon: r.icon,
    approved_number: num(r.approved_number),
    seat: num(r.seat),
    source: r.source,
    model: r.model,
    compulsory_insurance_time: num(r.compulsory_insurance_time),
    commercial_insurance_time: num(r.commercial_insurance_time),
    tax_due_date: num(r.tax_due_date),
    next_inspection_time: num(r.next_inspection_time),
    next_maintenance_time: num(r.next_maintenance_time),
    fuel_type: num(r.fuel_type),
    engine_model: r.engine_model,
    engine_no: r.engine_no,
    gross_weight: num(r.gross_weight),
    curb_weight: num(r.curb_weight),
    length: num(r.length),
    width: num(r.width),
    height: num(r.height),
    production_date: num(r.production_date),
    scrap_date: num(r.scrap_date),
    contract_no: r.contract_no,
    contract_expiration_date: num(r.contract_expiration_date),
    registration_number: r.registration_number,
    unit_id: r.unit_id,
    img_url: r.img_url,
    remark: r.remark,
    created_at: Number(r.created_at),
    updated_at: num(r.updated_at),
  };
}

export async function listVehicles(
  db: Kysely<Database>,
  companyId: number,
  filter: VehicleFilter,
  page: { page: number; limit: number },
): Promise<ListResult<VehicleRecord>> {
  const counted = await filtered(db, companyId, filter)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  const rows = await selectRecord(filtered(db, companyId, filter))
    .orderBy('v.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: Number(counted.total), rows: rows.map(toRecord) };
}

export async function countVehicles(db: Kysely<Database>, companyId: number, filter: VehicleFilter): Promise<number> {
  const counted = await filtered(db, companyId, filter)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

/** Every matching vehicle, newest first, in batches (the export). */
export async function* exportedVehicles(
  db: Kysely<Database>,
  companyId: number,
  filter: VehicleFilter,
  batch = 1000,
): AsyncGenerator<VehicleRecord> {
  let before: number | undefined;
  for (;;) {
    const query = filtered(db, companyId, filter);
    const rows = await selectRecord(before === undefined ? query : query.where('v.id', '<', before))
      .orderBy('v.id', 'desc')
      .limit(batch)
      .execute();
    for (const row of rows) yield toRecord(row);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    before = Number(last.id);
  }
}

export async function getVehicle(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
): Promise<VehicleRecord | undefined> {
  const row = await selectRecord(base(db, companyId).where('v.id', '=', carId)).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The vehicle holding `imei` in the company (the info box's lookup), else undefined. */
export async function vehicleByImei(
  db: Kysely<Database>,
  companyId: number,
  imei: string,
): Promise<VehicleRecord | undefined> {
  const row = await selectRecord(base(db, companyId).where('v.imei', '=', imei))
    .orderBy('v.id')
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Another vehicle of the company already has this value in `column` (ignoring case). */
export async function vehicleValueTaken(
  db: Kysely<Database>,
  companyId: number,
  column: 'car_name' | 'lpn' | 'imei' | 'vin',
  value: string,
  except?: number,
): Promise<boolean> {
  let query = fleetDb(db)
    .selectFrom('vehicles')
    .select('id')
    .where('company_id', '=', companyId)
    .where(sql<boolean>`lower(${sql.ref(column)}) = ${value.trim().toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertVehicle(db: Kysely<Database>, companyId: number, values: VehicleValues, now: number) {
  const row = await fleetDb(db)
    .insertInto('vehicles')
    .values({ ...values, company_id: companyId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateVehicle(
  db: Kysely<Database>,
  companyId: number,
  carId: number,
  values: Partial<VehicleValues>,
  now: number,
): Promise<void> {
  await fleetDb(db)
    .updateTable('vehicles')
    .set({ ...values, updated_at: now })
    .where('company_id', '=', companyId)
    .where('id', '=', carId)
    .execute();
}

export async function deleteVehicle(db: Kysely<Database>, companyId: number, carId: number): Promise<void> {
  await fleetDb(db).deleteFrom('vehicles').where('company_id', '=', companyId).where('id', '=', carId).execute();
}
