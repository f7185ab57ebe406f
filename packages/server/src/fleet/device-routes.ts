import { CapabilityMask, FLEET_SHEETS, IN_USE_TEXTS, DEVICE_FIELD_LABELS as L } from '@headway/spec';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ListColumn } from '../basic-data/list-export.ts';
import { basicScreenRoutes } from '../basic-data/screen-routes.ts';
import {
  type CreateDeviceBody,
  CreateDeviceBody as CreateSchema,
  DeviceExportQuery,
  DeviceListQuery,
  type DeviceRecord,
  DeviceValidatorQuery,
  UpdateDeviceBody,
} from '../contract/index.ts';
import { parameterError } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { DEVICE_READERS, FleetScreen } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { conflictError, inUseError } from './conflict.ts';
import { deviceValues } from './device-input.ts';
import { countDevices, exportedDevices, getDevice, imeiTaken, listDevices, phoneTaken } from './device-queries.ts';
import { fleetDb } from './schema.ts';

// /basic/devices (issue 14: POST {imei, terminal_phone, protocol_version, device_type, sim}, PUT, DELETE /{id},
// list, validator, export). A device made here is in the gateway's registry at once: the gateway looks a
// registering terminal up in the store on every 0x0100 (gateway/devices.ts), no cache to wait for.

/** A device without a type can do everything the console offers (what devices had before device types). */
export const ALL_CAPABILITIES =
  CapabilityMask.snapshot | CapabilityMask.video | CapabilityMask.sendMessage | CapabilityMask.talk;

const COLUMNS: ListColumn<DeviceRecord>[] = [
  { header: L.imei, width: 18, value: (r) => r.imei },
  { header: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { header: L.protocol_version, width: 10, value: (r) => r.protocol_version },
  { header: L.device_type, width: 16, value: (r) => r.device_type_name },
  // Exports leave the platform: the SIM number stays masked (spec section 5).
  { header: L.sim, width: 22, value: (r) => r.sim_masked },
  { header: L.car_name, width: 16, value: (r) => r.car_name },
  { header: L.online, width: 8, value: (r) => r.online },
  { header: L.last_seen_at, width: 20, kind: 'time', value: (r) => r.last_seen_at },
  { header: L.remark, width: 24, value: (r) => r.remark },
];

export function deviceRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsync {
  const { db } = services;

  const values = (request: FastifyRequest, companyId: number, body: CreateDeviceBody, except?: number) =>
    deviceValues(request, db, companyId, body, except);

  return basicScreenRoutes(services, {
    path: '/basic/devices',
    access: { screen: FleetScreen.device, readers: DEVICE_READERS },
    get: ({ companyId }, id) => getDevice(db, companyId, id),
    byId: true,
    list: {
      query: DeviceListQuery,
      rows: ({ companyId }, filter, page) => listDevices(db, companyId, filter, page),
    },
    validator: {
      query: DeviceValidatorQuery,
      check: async ({ request }, { field, value, id }) => {
        const text = value.trim();
        if (text === '') throw parameterError(field, 'required');
        const taken = field === 'imei' ? await imeiTaken(db, text, id) : await phoneTaken(db, text, id);
        if (taken) throw conflictError(request, field, text);
      },
    },
    create: {
      body: CreateSchema,
      insert: async ({ request, companyId, now }, body) => {
        const v = await values(request, companyId, body);
        const row = await fleetDb(db)
          .insertInto('devices')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(row.id);
      },
    },
    update: {
      body: UpdateDeviceBody,
      id: (body) => body.id,
      save: async ({ request, companyId, now }, id, { id: _, ...body }, current) => {
        const v = await values(request, companyId, body, id);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('devices')
              .set({ ...v, updated_at: now })
              .where('company_id', '=', companyId)
              .where('id', '=', id)
              .execute();
            // The vehicle names its device by IMEI: a corrected IMEI follows into the vehicle.
            if (current.imei !== v.imei) {
              await trx
                .updateTable('vehicles')
                .set({ imei: v.imei })
                .where('company_id', '=', companyId)
                .where('device_id', '=', id)
                .execute();
            }
          });
      },
    },
    remove: {
      inUse: async ({ request }, device) =>
        device.car_id !== null
          ? inUseError(request, IN_USE_TEXTS.deviceInVehicle, device.terminal_phone, device.car_name)
          : undefined,
      delete: async ({ companyId }, id) => {
        await fleetDb(db).deleteFrom('devices').where('company_id', '=', companyId).where('id', '=', id).execute();
      },
    },
    export: {
      query: DeviceExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'devices',
        title: FLEET_SHEETS.devices,
        total: await countDevices(db, companyId, filter),
        columns: COLUMNS,
        rows: () => exportedDevices(db, companyId, filter),
      }),
    },
    changed: ({ request, companyId }, write) => {
      if (write === 'update') announceFleetChange(request, companyId);
    },
  });
}
