import {
  FUEL_TYPES,
  imageUrlOk,
  normaliseChannels,
  PLATE_MAX,
  VEHICLE_STATE_CODES,
  VEHICLE_TYPES,
  VIN_PATTERN,
} from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CreateVehicleBody } from '../contract/index.ts';
import { parameterError } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';
import { conflictError } from './conflict.ts';
import { assertOrder, codeIn, nameOf, optionalCodeOf, remarkOf, textOf } from './input.ts';
import { fleetDb } from './schema.ts';
import { type VehicleValues, vehicleValueTaken } from './vehicle-queries.ts';

// A vehicle body checked against spec section 5 and the company's data, turned into stored values. The bound
// device is named by its IMEI (the spec's vehicle entity); its row id is kept beside it for the gateway and the
// ingest, which join on it.

const VEHICLE_TYPE_CODES = Object.keys(VEHICLE_TYPES).map(Number);
const FUEL_TYPE_CODES = Object.keys(FUEL_TYPES).map(Number);
const nullable = <T>(v: T | null | undefined): T | null => (v === undefined ? null : v);

async function ownLine(db: Kysely<Database>, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  const row = await fleetDb(db)
    .selectFrom('lines')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw parameterError('route_id', 'no such line');
  return Number(row.id);
}

async function ownFleet(db: Kysely<Database>, companyId: number, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  const row = await fleetDb(db)
    .selectFrom('fleets')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw parameterError('fleet_id', 'no such fleet');
  return Number(row.id);
}

/** The company's device with this IMEI, or 1004 imei. */
async function ownDevice(db: Kysely<Database>, companyId: number, imei: string): Promise<number | null> {
  if (imei === '') return null;
  const row = await fleetDb(db)
    .selectFrom('devices')
    .select('id')
    .where('company_id', '=', companyId)
    .where('imei', '=', imei)
    .orderBy('id')
    .executeTakeFirst();
  if (!row) throw parameterError('imei', 'no such device');
  return Number(row.id);
}

export async function vehicleValues(
  request: FastifyRequest,
  db: Kysely<Database>,
  companyId: number,
  body: CreateVehicleBody,
  except?: number,
): Promise<VehicleValues> {
  const car_name = nameOf('car_name', body.car_name);
  const lpn = body.lpn.trim();
  if (lpn === '') throw parameterError('lpn', 'required');
  if (lpn.length > PLATE_MAX) throw parameterError('lpn', `longer than ${PLATE_MAX}`);
  const imei = textOf('imei', body.imei, 32);
  const vin = optionalCodeOf('vin', body.vin, VIN_PATTERN).toUpperCase();
  const img_url = textOf('img_url', body.img_url, 512);
  if (!imageUrlOk(img_url)) throw parameterError('img_url', 'JPG or PNG image');
  const car_type = codeIn('car_type', body.car_type ?? 0, VEHICLE_TYPE_CODES);
  const state = codeIn('state', body.state ?? 0, VEHICLE_STATE_CODES);
  const fuel_type =
    body.fuel_type === undefined || body.fuel_type === null
      ? null
      : codeIn('fuel_type', body.fuel_type, FUEL_TYPE_CODES);
  const values: VehicleValues = {
    car_name,
    lpn,
    imei,
    device_id: null,
    line_id: null,
    fleet_id: null,
    car_type,
    state,
    channel: normaliseChannels(textOf('channel', body.channel, 255)),
    vin,
    fuel_100km: nullable(body.fuel_100km),
    fuel_hour: nullable(body.fuel_hour),
    tank: nullable(body.tank),
    register_time: nullable(body.register_time),
    expire_time: nullable(body.expire_time),
    icon: textOf('icon', body.icon, 128),
    approved_number: nullable(body.approved_number),
    seat: nullable(body.seat),
    source: textOf('source', body.source, 64),
    model: textOf('model', body.model, 64),
    compulsory_insurance_time: nullable(body.compulsory_insurance_time),
    commercial_insurance_time: nullable(body.commercial_insurance_time),
    tax_due_date: nullable(body.tax_due_date),
    next_inspection_time: nullable(body.next_inspection_time),
    next_maintenance_time: nullable(body.next_maintenance_time),
    fuel_type,
    engine_model: textOf('engine_model', body.engine_model, 64),
    engine_no: textOf('engine_no', body.engine_no, 64),
    gross_weight: nullable(body.gross_weight),
    curb_weight: nullable(body.curb_weight),
    length: nullable(body.length),
    width: nullable(body.width),
    height: nullable(body.height),
    production_date: nullable(body.production_date),
    scrap_date: nullable(body.scrap_date),
    contract_no: textOf('contract_no', body.contract_no, 64),
    contract_expiration_date: nullable(body.contract_expiration_date),
    registration_number: textOf('registration_number', body.registration_number, 64),
    unit_id: textOf('unit_id', body.unit_id, 64),
    img_url,
    remark: remarkOf(body.remark),
  };
  assertOrder('register_time', values.register_time, 'expire_time', values.expire_time);
  assertOrder('production_date', values.production_date, 'scrap_date', values.scrap_date);
  if (values.gross_weight !== null && values.curb_weight !== null && values.gross_weight < values.curb_weight) {
    throw parameterError('gross_weight', 'below curb_weight');
  }
  if (values.approved_number !== null && values.seat !== null && values.seat > values.approved_number) {
    throw parameterError('seat', 'above approved_number');
  }

  values.line_id = await ownLine(db, companyId, body.route_id);
  values.fleet_id = await ownFleet(db, companyId, body.fleet_id);
  values.device_id = await ownDevice(db, companyId, imei);

  if (await vehicleValueTaken(db, companyId, 'car_name', car_name, except)) {
    throw conflictError(request, 'car_name', car_name);
  }
  if (await vehicleValueTaken(db, companyId, 'lpn', lpn, except)) throw conflictError(request, 'lpn', lpn);
  if (imei !== '' && (await vehicleValueTaken(db, companyId, 'imei', imei, except))) {
    throw conflictError(request, 'imei', imei);
  }
  if (vin !== '' && (await vehicleValueTaken(db, companyId, 'vin', vin, except)))
    throw conflictError(request, 'vin', vin);
  return values;
}
