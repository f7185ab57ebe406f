import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CAPABILITY_BITS, FLEET_SHEETS, IN_USE_TEXTS, DEVICE_TYPE_FIELD_LABELS as L, labelIn } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { sessionOf } from '../auth/access.ts';
import {
  CreateDeviceTypeBody,
  DeviceTypeExportQuery,
  type DeviceTypeFilter,
  DeviceTypeListQuery,
  type DeviceTypeRecord,
  DeviceTypeValidatorQuery,
  IdParams,
  UpdateDeviceTypeBody,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { contains, pageOffset, paging } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { DEVICE_TYPE_READ, FleetScreen, on } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { conflictError, inUseError } from './conflict.ts';
import { nameOf, remarkOf, textOf } from './input.ts';
import { fleetDb } from './schema.ts';
import { type SheetColumn, sendSheet } from './workbook.ts';

// /basic/device-types (issue 14): a device type sets the capability mask (spec section 4 "Capability bits: 5
// snapshot, 6 video, 10 send message, 11 talk") of every device of that type; the console shows the video,
// snapshot, talk and message buttons by it. Changing a type's mask changes its devices' at once.

const KNOWN_BITS = Object.values(CAPABILITY_BITS).reduce((mask, b) => mask | (1 << b.bit), 0);

const capabilityNames = (mask: number, language: string) =>
  Object.values(CAPABILITY_BITS)
    .filter((b) => (mask & (1 << b.bit)) !== 0)
    .map((b) => labelIn(b.label, language))
    .join(', ');

const COLUMNS: SheetColumn<DeviceTypeRecord>[] = [
  { label: L.type_name, width: 20, value: (r) => r.type_name },
  { label: L.capabilities, width: 34, value: (r, lang) => capabilityNames(r.capabilities, lang) },
  { label: L.channels, width: 10, value: (r) => r.channels },
  { label: L.maker, width: 16, value: (r) => r.maker },
  { label: L.devices, width: 10, value: (r) => r.devices },
  { label: L.remark, width: 24, value: (r) => r.remark },
];

function base(db: Kysely<Database>, companyId: number, filter: DeviceTypeFilter) {
  let query = fleetDb(db).selectFrom('device_types as t').where('t.company_id', '=', companyId);
  const search = filter.search?.trim();
  if (search) query = query.where((eb) => eb.or([contains('t.type_name', search), contains('t.maker', search)]));
  return query;
}

function select(query: ReturnType<typeof base>) {
  return query.select((eb) => [
    't.id',
    't.type_name',
    't.capabilities',
    't.channels',
    't.maker',
    't.remark',
    't.created_at',
    't.updated_at',
    eb
      .selectFrom('devices as d')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('d.device_type_id', '=', 't.id')
      .whereRef('d.company_id', '=', 't.company_id')
      .as('devices'),
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toRecord = (r: Stored): DeviceTypeRecord => ({
  id: Number(r.id),
  type_name: r.type_name,
  capabilities: Number(r.capabilities),
  channels: Number(r.channels),
  maker: r.maker,
  remark: r.remark,
  devices: Number(r.devices ?? 0),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export function deviceTypeRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const visible = async (companyId: number, id: number) => {
    const row = await select(base(db, companyId, {}).where('t.id', '=', id)).executeTakeFirst();
    if (!row) throw new ApiError(ErrorCode.recordMissing);
    return toRecord(row);
  };
  const taken = async (companyId: number, name: string, except?: number) => {
    let query = fleetDb(db)
      .selectFrom('device_types')
      .select('id')
      .where('company_id', '=', companyId)
      .where(sql<boolean>`lower(type_name) = ${name.toLowerCase()}`);
    if (except !== undefined) query = query.where('id', '!=', except);
    return (await query.executeTakeFirst()) !== undefined;
  };
  const count = async (companyId: number, filter: DeviceTypeFilter) =>
    Number((await base(db, companyId, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const values = (body: CreateDeviceTypeBody) => {
    if ((body.capabilities & ~KNOWN_BITS) !== 0) throw parameterError('capabilities', 'unknown capability bit');
    return {
      type_name: nameOf('type_name', body.type_name),
      capabilities: body.capabilities,
      channels: body.channels ?? 0,
      maker: textOf('maker', body.maker, 64),
      remark: remarkOf(body.remark),
    };
  };

  return async (app) => {
    app.get(
      '/basic/device-types',
      { schema: { querystring: DeviceTypeListQuery }, config: DEVICE_TYPE_READ },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { page, limit, ...filter } = request.query;
        const p = paging({ page, limit });
        const rows = await select(base(db, companyId, filter))
          .orderBy('t.id', 'desc')
          .limit(p.limit)
          .offset(pageOffset(p))
          .execute();
        return ok({ total: await count(companyId, filter), rows: rows.map(toRecord) });
      },
    );

    app.get(
      '/basic/device-types/validator',
      { schema: { querystring: DeviceTypeValidatorQuery }, config: DEVICE_TYPE_READ },
      async (request) => {
        const name = nameOf('type_name', request.query.type_name);
        if (await taken(sessionOf(request).companyId, name, request.query.id))
          throw conflictError(request, 'type_name', name);
        return ok(true);
      },
    );

    app.get(
      '/basic/device-types/export',
      { schema: { querystring: DeviceTypeExportQuery }, config: on(FleetScreen.deviceType, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        return sendSheet(request, reply, {
          db,
          companyId,
          now: epochSeconds(clock),
          total: await count(companyId, filter),
          prefix: 'device-types',
          timeZone: time_zone,
          sheet: FLEET_SHEETS.deviceTypes,
          columns: COLUMNS,
          rows: async function* () {
            for (const r of await select(base(db, companyId, filter))
              .orderBy('t.id', 'desc')
              .execute())
              yield toRecord(r);
          },
        });
      },
    );

    app.get('/basic/device-types/:id', { schema: { params: IdParams }, config: DEVICE_TYPE_READ }, async (request) =>
      ok(await visible(sessionOf(request).companyId, request.params.id)),
    );

    app.post(
      '/basic/device-types',
      { schema: { body: CreateDeviceTypeBody }, config: on(FleetScreen.deviceType, 'add') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const v = values(request.body);
        if (await taken(companyId, v.type_name)) throw conflictError(request, 'type_name', v.type_name);
        const now = epochSeconds(clock);
        const row = await fleetDb(db)
          .insertInto('device_types')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await visible(companyId, Number(row.id)));
      },
    );

    app.put(
      '/basic/device-types',
      { schema: { body: UpdateDeviceTypeBody }, config: on(FleetScreen.deviceType, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id, ...body } = request.body;
        await visible(companyId, id);
        const v = values(body);
        if (await taken(companyId, v.type_name, id)) throw conflictError(request, 'type_name', v.type_name);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('device_types')
              .set({ ...v, updated_at: epochSeconds(clock) })
              .where('company_id', '=', companyId)
              .where('id', '=', id)
              .execute();
            await trx
              .updateTable('devices')
              .set({ capabilities: v.capabilities, device_type: v.type_name.slice(0, 16) })
              .where('company_id', '=', companyId)
              .where('device_type_id', '=', id)
              .execute();
          });
        announceFleetChange(request, companyId);
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/device-types/:id',
      { schema: { params: IdParams }, config: on(FleetScreen.deviceType, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const type = await visible(companyId, request.params.id);
        if (type.devices > 0) throw inUseError(request, IN_USE_TEXTS.typeHasDevices, type.type_name, type.devices);
        await fleetDb(db)
          .deleteFrom('device_types')
          .where('company_id', '=', companyId)
          .where('id', '=', type.id)
          .execute();
        return ok(null);
      },
    );
  };
}
