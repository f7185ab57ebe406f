import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CapabilityMask, FLEET_SHEETS, IN_USE_TEXTS, DEVICE_FIELD_LABELS as L } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../auth/access.ts';
import {
  type CreateDeviceBody,
  CreateDeviceBody as CreateSchema,
  DeviceExportQuery,
  DeviceListQuery,
  type DeviceRecord,
  DeviceValidatorQuery,
  IdParams,
  UpdateDeviceBody,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import { DEVICE_READ, FleetScreen, on } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { conflictError, inUseError } from './conflict.ts';
import { deviceValues } from './device-input.ts';
import { countDevices, exportedDevices, getDevice, imeiTaken, listDevices, phoneTaken } from './device-queries.ts';
import { fleetDb } from './schema.ts';
import type { SheetColumn } from './workbook.ts';
import { sendSheet } from './workbook.ts';

// /basic/devices (issue 14: POST {imei, terminal_phone, protocol_version, device_type, sim}, PUT, DELETE /{id},
// list, validator, export). A device made here is in the gateway's registry at once: the gateway looks a
// registering terminal up in the store on every 0x0100 (gateway/devices.ts), no cache to wait for.

/** A device without a type can do everything the console offers (what devices had before device types). */
export const ALL_CAPABILITIES =
  CapabilityMask.snapshot | CapabilityMask.video | CapabilityMask.sendMessage | CapabilityMask.talk;

const COLUMNS: SheetColumn<DeviceRecord>[] = [
  { label: L.imei, width: 18, value: (r) => r.imei },
  { label: L.terminal_phone, width: 16, value: (r) => r.terminal_phone },
  { label: L.protocol_version, width: 10, value: (r) => r.protocol_version },
  { label: L.device_type, width: 16, value: (r) => r.device_type_name },
  // Exports leave the platform: the SIM number stays masked (spec section 5).
  { label: L.sim, width: 22, value: (r) => r.sim_masked },
  { label: L.car_name, width: 16, value: (r) => r.car_name },
  { label: L.online, width: 8, value: (r) => r.online },
  { label: L.last_seen_at, width: 20, kind: 'time', value: (r) => r.last_seen_at },
  { label: L.remark, width: 24, value: (r) => r.remark },
];

export function deviceRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const visible = async (companyId: number, id: number) => {
    const found = await getDevice(db, companyId, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  };

  const values = (request: FastifyRequest, companyId: number, body: CreateDeviceBody, except?: number) =>
    deviceValues(request, db, companyId, body, except);

  return async (app) => {
    app.get('/basic/devices', { schema: { querystring: DeviceListQuery }, config: DEVICE_READ }, async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(await listDevices(db, sessionOf(request).companyId, filter, paging({ page, limit })));
    });

    app.get(
      '/basic/devices/validator',
      { schema: { querystring: DeviceValidatorQuery }, config: DEVICE_READ },
      async (request) => {
        const { field, value, id } = request.query;
        const text = value.trim();
        if (text === '') throw parameterError(field, 'required');
        const taken = field === 'imei' ? await imeiTaken(db, text, id) : await phoneTaken(db, text, id);
        if (taken) throw conflictError(request, field, text);
        return ok(true);
      },
    );

    app.get(
      '/basic/devices/export',
      { schema: { querystring: DeviceExportQuery }, config: on([FleetScreen.device], 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        return sendSheet(request, reply, {
          db,
          companyId,
          now: epochSeconds(clock),
          total: await countDevices(db, companyId, filter),
          prefix: 'devices',
          timeZone: time_zone,
          sheet: FLEET_SHEETS.devices,
          columns: COLUMNS,
          rows: () => exportedDevices(db, companyId, filter),
        });
      },
    );

    app.get('/basic/devices/:id', { schema: { params: IdParams }, config: DEVICE_READ }, async (request) =>
      ok(await visible(sessionOf(request).companyId, request.params.id)),
    );

    app.post(
      '/basic/devices',
      { schema: { body: CreateSchema }, config: on(FleetScreen.device, 'add') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const v = await values(request, companyId, request.body);
        const now = epochSeconds(clock);
        const row = await fleetDb(db)
          .insertInto('devices')
          .values({ ...v, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await visible(companyId, Number(row.id)));
      },
    );

    app.put(
      '/basic/devices',
      { schema: { body: UpdateDeviceBody }, config: on(FleetScreen.device, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id, ...body } = request.body;
        const current = await visible(companyId, id);
        const v = await values(request, companyId, body, id);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('devices')
              .set({ ...v, updated_at: epochSeconds(clock) })
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
        announceFleetChange(request, companyId);
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/devices/:id',
      { schema: { params: IdParams }, config: on(FleetScreen.device, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const device = await visible(companyId, request.params.id);
        if (device.car_id !== null) {
          throw inUseError(request, IN_USE_TEXTS.deviceInVehicle, device.terminal_phone, device.car_name);
        }
        await fleetDb(db)
          .deleteFrom('devices')
          .where('company_id', '=', companyId)
          .where('id', '=', device.id)
          .execute();
        return ok(null);
      },
    );
  };
}
