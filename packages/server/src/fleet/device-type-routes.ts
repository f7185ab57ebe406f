import { CAPABILITY_BITS, FLEET_SHEETS, IN_USE_TEXTS, DEVICE_TYPE_FIELD_LABELS as L, labelIn } from '@headway/spec';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { type ListColumn, streamOf } from '../basic-data/list-export.ts';
import { basicScreenRoutes } from '../basic-data/screen-routes.ts';
import {
  CreateDeviceTypeBody,
  DeviceTypeExportQuery,
  type DeviceTypeFilter,
  DeviceTypeListQuery,
  type DeviceTypeRecord,
  DeviceTypeValidatorQuery,
  UpdateDeviceTypeBody,
} from '../contract/index.ts';
import { parameterError } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { DEVICE_TYPE_READERS, FleetScreen } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { conflictError, inUseError } from './conflict.ts';
import { nameOf, remarkOf, textOf } from './input.ts';
import { fleetDb } from './schema.ts';

// /basic/device-types (issue 14): a device type sets the capability mask (spec section 4 "Capability bits: 5
// snapshot, 6 video, 10 send message, 11 talk") of every device of that type; the console shows the video,
// snapshot, talk and message buttons by it. Changing a type's mask changes its devices' at once.

const KNOWN_BITS = Object.values(CAPABILITY_BITS).reduce((mask, b) => mask | (1 << b.bit), 0);

const capabilityNames = (mask: number, language: string) =>
  Object.values(CAPABILITY_BITS)
    .filter((b) => (mask & (1 << b.bit)) !== 0)
    .map((b) => labelIn(b.label, language))
    .join(', ');

const COLUMNS: ListColumn<DeviceTypeRecord>[] = [
  { header: L.type_name, width: 20, value: (r) => r.type_name },
  { header: L.capabilities, width: 34, value: (r, lang) => capabilityNames(r.capabilities, lang) },
  { header: L.channels, width: 10, value: (r) => r.channels },
  { header: L.maker, width: 16, value: (r) => r.maker },
  { header: L.devices, width: 10, value: (r) => r.devices },
  { header: L.remark, width: 24, value: (r) => r.remark },
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

export function deviceTypeRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsync {
  const { db } = services;

  const get = async (companyId: number, id: number) => {
    const row = await select(base(db, companyId, {}).where('t.id', '=', id)).executeTakeFirst();
    return row ? toRecord(row) : undefined;
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

  return basicScreenRoutes(services, {
    path: '/basic/device-types',
    access: { screen: FleetScreen.deviceType, readers: DEVICE_TYPE_READERS },
    get: ({ companyId }, id) => get(companyId, id),
    byId: true,
    list: {
      query: DeviceTypeListQuery,
      rows: async ({ companyId }, filter, page) => {
        const rows = await select(base(db, companyId, filter))
          .orderBy('t.id', 'desc')
          .limit(page.limit)
          .offset(pageOffset(page))
          .execute();
        return { total: await count(companyId, filter), rows: rows.map(toRecord) };
      },
    },
    validator: {
      query: DeviceTypeValidatorQuery,
      check: async ({ request, companyId }, query) => {
        const name = nameOf('type_name', query.type_name);
        if (await taken(companyId, name, query.id)) throw conflictError(request, 'type_name', name);
      },
    },
    create: {
      body: CreateDeviceTypeBody,
      insert: async ({ request, companyId, now }, body) => {
        const v = values(body);
        if (await taken(companyId, v.type_name)) throw conflictError(request, 'type_name', v.type_name);
        const row = await fleetDb(db)
          .insertInto('device_types')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      },
    },
    update: {
      body: UpdateDeviceTypeBody,
      id: (body) => body.id,
      save: async ({ request, companyId, now }, id, { id: _, ...body }) => {
        const v = values(body);
        if (await taken(companyId, v.type_name, id)) throw conflictError(request, 'type_name', v.type_name);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('device_types')
              .set({ ...v, updated_at: now })
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
      },
    },
    remove: {
      inUse: async ({ request }, type) =>
        type.devices > 0 ? inUseError(request, IN_USE_TEXTS.typeHasDevices, type.type_name, type.devices) : undefined,
      delete: async ({ companyId }, id) => {
        await fleetDb(db).deleteFrom('device_types').where('company_id', '=', companyId).where('id', '=', id).execute();
      },
    },
    export: {
      query: DeviceTypeExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'device-types',
        title: FLEET_SHEETS.deviceTypes,
        total: await count(companyId, filter),
        columns: COLUMNS,
        rows: (upTo) =>
          streamOf(
            select(base(db, companyId, filter))
              .orderBy('t.id', 'desc')
              .limit(upTo)
              .execute()
              .then((rows) => rows.map(toRecord)),
          ),
      }),
    },
    // A type's mask is its devices' capabilities: the console's buttons follow at once.
    changed: ({ request, companyId }, write) => {
      if (write === 'update') announceFleetChange(request, companyId);
    },
  });
}
