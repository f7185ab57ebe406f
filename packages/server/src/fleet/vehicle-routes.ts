import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SHEETS } from '@headway/spec';
import { sessionOf } from '../auth/access.ts';
import { basicScreenRoutes } from '../basic-data/screen-routes.ts';
import {
  CreateVehicleBody,
  type DeviceChoice,
  DeviceChoiceQuery,
  UpdateVehicleBody,
  VehicleCertificateBody,
  type VehicleChoices,
  VehicleExportQuery,
  VehicleListQuery,
  VehicleSeatBody,
  VehicleValidatorQuery,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { contains } from '../store/paging.ts';
import { FleetScreen, on, VEHICLE_READ, VEHICLE_READERS } from './access.ts';
import { announceFleetChange } from './announce.ts';
import { conflictError } from './conflict.ts';
import { assertOrder, textOf } from './input.ts';
import { fleetDb } from './schema.ts';
import { vehicleValues } from './vehicle-input.ts';
import { assertVehicleRoom } from './vehicle-limit.ts';
import {
  countVehicles,
  deleteVehicle,
  exportedVehicles,
  getVehicle,
  insertVehicle,
  listVehicles,
  updateVehicle,
  vehicleValueTaken,
} from './vehicle-queries.ts';
import { VEHICLE_COLUMNS } from './vehicle-sheet.ts';

// /basic/cars (spec "Basic data: cars"; issue 14): list, POST, PUT, DELETE /{id}, GET /{id}, validator, imei,
// export, PUT seat and certificate. /tree, /real and /info are the monitoring map's (vehicles/routes.ts); /expire
// and the reminder are in expiry-routes.ts, /renew in renewal-routes.ts.

export function vehicleBasicRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const visible = async (companyId: number, carId: number) => {
    const found = await getVehicle(db, companyId, carId);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  };

  const screen = basicScreenRoutes(services, {
    path: '/basic/cars',
    access: { screen: FleetScreen.vehicle, readers: VEHICLE_READERS, exporters: VEHICLE_READERS },
    get: ({ companyId }, carId) => getVehicle(db, companyId, carId),
    byId: true,
    list: {
      query: VehicleListQuery,
      rows: ({ companyId }, filter, page) => listVehicles(db, companyId, filter, page),
    },
    validator: {
      query: VehicleValidatorQuery,
      check: async ({ request, companyId }, { field, value, id }) => {
        const text = value.trim();
        if (text === '') throw parameterError(field, 'required');
        if (await vehicleValueTaken(db, companyId, field, text, id)) throw conflictError(request, field, text);
      },
    },
    create: {
      body: CreateVehicleBody,
      insert: async ({ request, companyId, now }, body) => {
        const values = await vehicleValues(request, db, companyId, body);
        await assertVehicleRoom(request, db, companyId);
        return insertVehicle(db, companyId, values, now);
      },
    },
    update: {
      body: UpdateVehicleBody,
      id: (body) => body.car_id,
      save: async ({ request, companyId, now }, carId, { car_id: _, ...body }) =>
        updateVehicle(db, companyId, carId, await vehicleValues(request, db, companyId, body, carId), now),
    },
    remove: { delete: ({ companyId }, carId) => deleteVehicle(db, companyId, carId) },
    export: {
      query: VehicleExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'vehicles',
        title: FLEET_SHEETS.vehicles,
        total: await countVehicles(db, companyId, filter),
        columns: VEHICLE_COLUMNS,
        rows: () => exportedVehicles(db, companyId, filter),
      }),
    },
    // A vehicle's binding (device, line) is the ingest's directory: it reloads at once.
    changed: ({ request, companyId }) => announceFleetChange(request, companyId),
  });

  return async (app) => {
    await app.register(screen);

    // The vehicle form's device choice: the company's devices by IMEI, with the vehicle holding each.
    app.get(
      '/basic/cars/imei',
      { schema: { querystring: DeviceChoiceQuery }, config: on([FleetScreen.vehicle], 'view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const search = request.query.search?.trim();
        let query = fleetDb(db)
          .selectFrom('devices as d')
          .leftJoin('vehicles as v', (j) =>
            j.onRef('v.device_id', '=', 'd.id').onRef('v.company_id', '=', 'd.company_id'),
          )
          .select(['d.imei', 'd.terminal_phone', 'd.device_type', 'v.id as car_id', 'v.car_name'])
          .where('d.company_id', '=', companyId);
        if (search) {
          query = query.where((eb) => eb.or([contains('d.imei', search), contains('d.terminal_phone', search)]));
        }
        const rows = await query.orderBy('d.imei').limit(200).execute();
        return ok(
          rows.map(
            (r): DeviceChoice => ({
              imei: r.imei,
              terminal_phone: r.terminal_phone,
              device_type: r.device_type,
              car_id: r.car_id === null ? null : Number(r.car_id),
              car_name: r.car_name ?? '',
            }),
          ),
        );
      },
    );

    // The vehicle form's line and fleet choices, readable with the vehicle screen alone (the map's line list
    // needs a monitoring screen).
    app.get('/basic/cars/choices', { config: VEHICLE_READ }, async (request) => {
      const { companyId } = sessionOf(request);
      const [routes, fleets] = await Promise.all([
        fleetDb(db)
          .selectFrom('lines')
          .select(['id', 'route_code', 'route_name'])
          .where('company_id', '=', companyId)
          .orderBy('sort_id')
          .orderBy('route_code')
          .execute(),
        fleetDb(db)
          .selectFrom('fleets')
          .select(['id', 'fleet_name'])
          .where('company_id', '=', companyId)
          .orderBy('fleet_name')
          .execute(),
      ]);
      const choices: VehicleChoices = {
        routes: routes.map((r) => ({ route_id: Number(r.id), route_code: r.route_code, route_name: r.route_name })),
        fleets: fleets.map((f) => ({ fleet_id: Number(f.id), fleet_name: f.fleet_name })),
      };
      return ok(choices);
    });

    // The type review's edit: seats and approved passengers (and the type), nothing else of the record.
    app.put(
      '/basic/cars/seat',
      { schema: { body: VehicleSeatBody }, config: on([FleetScreen.type, FleetScreen.vehicle], 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { car_id, seat, approved_number, car_type } = request.body;
        const current = await visible(companyId, car_id);
        const seats = seat === undefined ? current.seat : seat;
        const approved = approved_number === undefined ? current.approved_number : approved_number;
        if (seats !== null && approved !== null && seats > approved)
          throw parameterError('seat', 'above approved_number');
        await updateVehicle(
          db,
          companyId,
          car_id,
          { seat: seats, approved_number: approved, ...(car_type !== undefined ? { car_type } : {}) },
          epochSeconds(clock),
        );
        return ok(await visible(companyId, car_id));
      },
    );

    // The licence review's edit: the registration and the dates on the vehicle's papers.
    app.put(
      '/basic/cars/certificate',
      { schema: { body: VehicleCertificateBody }, config: on([FleetScreen.licence, FleetScreen.vehicle], 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { car_id, registration_number, ...dates } = request.body;
        const current = await visible(companyId, car_id);
        const merged = { ...current, ...dates };
        assertOrder('register_time', merged.register_time, 'expire_time', merged.expire_time);
        await updateVehicle(
          db,
          companyId,
          car_id,
          {
            ...(registration_number !== undefined
              ? { registration_number: textOf('registration_number', registration_number, 64) }
              : {}),
            ...dates,
          },
          epochSeconds(clock),
        );
        return ok(await visible(companyId, car_id));
      },
    );
  };
}
