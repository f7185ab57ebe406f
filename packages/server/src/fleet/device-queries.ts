import { maskSensitive } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DeviceFilter, DeviceRecord, ListResult } from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { fleetDb } from './schema.ts';

// The store side of /basic/devices. A device's vehicle is the one bound to it (vehicles.device_id, kept in step
// with vehicles.imei by the vehicle routes).

function base(db: Kysely<Database>, companyId: number) {
  return fleetDb(db)
    .selectFrom('devices as d')
    .leftJoin('device_types as t', (j) =>
      j.onRef('t.id', '=', 'd.device_type_id').onRef('t.company_id', '=', 'd.company_id'),
    )
    .leftJoin('vehicles as v', (j) => j.onRef('v.device_id', '=', 'd.id').onRef('v.company_id', '=', 'd.company_id'))
    .where('d.company_id', '=', companyId);
}

function filtered(db: Kysely<Database>, companyId: number, filter: DeviceFilter) {
  let query = base(db, companyId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) =>
      eb.or([
        contains('d.imei', search),
        contains('d.terminal_phone', search),
        contains('d.sim', search),
        contains('v.car_name', search),
      ]),
    );
  }
  if (filter.device_type !== undefined) query = query.where('d.device_type_id', '=', filter.device_type);
  if (filter.online !== undefined) query = query.where('d.online', '=', filter.online);
  return query;
}

function selectRecord(query: ReturnType<typeof base>) {
  return query.select([
    'd.id',
    'd.imei',
    'd.terminal_phone',
    'd.protocol_version',
    'd.device_type_id',
    't.type_name',
    'd.device_type',
    'd.capabilities',
    'd.sim',
    'd.remark',
    'd.online',
    'd.last_seen_at',
    'd.registered_at',
    'v.id as car_id',
    'v.car_name',
    'd.created_at',
    'd.updated_at',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof selectRecord>['execute']>>[number];
const num = (v: number | string | null | undefined) => (v === null || v === undefined ? null : Number(v));

function toRecord(r: Stored): DeviceRecord {
  return {
    id: Number(r.id),
    imei: r.imei,
    terminal_phone: r.terminal_phone,
    protocol_version: r.protocol_version,
    device_type: num(r.device_type_id),
    device_type_name: r.type_name ?? r.device_type,
    capabilities: Number(r.capabilities),
    sim: r.sim,
    sim_masked: r.sim ? maskSensitive(r.sim) : '',
    remark: r.remark,
    online: Number(r.online),
    last_seen_at: num(r.last_seen_at),
    registered_at: num(r.registered_at),
    car_id: num(r.car_id),
    car_name: r.car_name ?? '',
    created_at: Number(r.created_at),
    updated_at: num(r.updated_at),
  };
}

export async function listDevices(
  db: Kysely<Database>,
  companyId: number,
  filter: DeviceFilter,
  page: { page: number; limit: number },
): Promise<ListResult<DeviceRecord>> {
  const total = await countDevices(db, companyId, filter);
  const rows = await selectRecord(filtered(db, companyId, filter))
    .orderBy('d.id', 'desc')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total, rows: rows.map(toRecord) };
}

export async function countDevices(db: Kysely<Database>, companyId: number, filter: DeviceFilter): Promise<number> {
  const counted = await filtered(db, companyId, filter)
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(counted.total);
}

export async function* exportedDevices(db: Kysely<Database>, companyId: number, filter: DeviceFilter, batch = 1000) {
  let before: number | undefined;
  for (;;) {
    const query = filtered(db, companyId, filter);
    const rows = await selectRecord(before === undefined ? query : query.where('d.id', '<', before))
      .orderBy('d.id', 'desc')
      .limit(batch)
      .execute();
    for (const row of rows) yield toRecord(row);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    before = Number(last.id);
  }
}

export async function getDevice(
  db: Kysely<Database>,
  companyId: number,
  id: number,
): Promise<DeviceRecord | undefined> {
  const row = await selectRecord(base(db, companyId).where('d.id', '=', id)).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/**
 * A terminal phone already registered anywhere in the deployment: the gateway finds a terminal by its phone alone
 * (gateway/devices.ts), with or without the BCD's leading zeros, so 013912340001 and 13912340001 are one terminal.
 */
export async function phoneTaken(db: Kysely<Database>, phone: string, except?: number): Promise<boolean> {
  const stripped = phone.replace(/^0+/, '');
  let query = fleetDb(db)
    .selectFrom('devices')
    .select('id')
    .where(sql<boolean>`ltrim(terminal_phone, '0') = ${stripped}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}

/** An IMEI names one physical device: unique in the deployment, like the phone. */
export async function imeiTaken(db: Kysely<Database>, imei: string, except?: number): Promise<boolean> {
  let query = fleetDb(db).selectFrom('devices').select('id').where(sql<boolean>`lower(imei) = ${imei.toLowerCase()}`);
  if (except !== undefined) query = query.where('id', '!=', except);
  return (await query.executeTakeFirst()) !== undefined;
}
