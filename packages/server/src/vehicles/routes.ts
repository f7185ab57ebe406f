import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { sessionOf } from '../auth/access.ts';
import { companyTimeZone, formatLocalTime } from '../companies/time-zone.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import {
  type CarBaseInfo,
  CarInfoQuery,
  type VehicleLive,
  type VehicleLiveResult,
  VehicleTreeQuery,
} from '../contract/vehicles.ts';
import { getVehicle } from '../fleet/vehicle-queries.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { type Clock, epochSeconds } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { type LatestFeed, liveStateOf } from './live-source.ts';
import { companyFleets, companyLines, companyVehicles } from './queries.ts';
import { buildVehicleTree } from './tree.ts';

export interface VehicleRouteDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The live module's latest positions; read per request because the live module mounts after the API. */
  feed?: () => LatestFeed | undefined;
}

// The vehicle and line lists feed every monitoring screen (the live map, the line map, track playback): a user
// who may view any of them may read them.
// Basic → Vehicles reads the tree too (GET /basic/cars/tree is in the spec's cars list).
const ACCESS = {
  screen: ['MonitoringMap', 'MonitoringLineMap', 'MonitoringTrack', 'BasicVehicle'],
  need: 'view',
} as const;

/**
 * The monitoring map's reads (docs/map.md): tree, full live refresh, lines to draw, base info. A user in a console
 * gets only its lines and the vehicles bound to them (docs/decisions.md "Consoles"); a vehicle outside answers 1008.
 */
export function vehicleRoutes(deps: VehicleRouteDeps): FastifyPluginAsyncTypebox {
  const { db, clock } = deps;
  return async (app) => {
    const feedOf = (): LatestFeed | undefined => (deps.feed ? deps.feed() : app.live);

    app.get(
      '/basic/cars/tree',
      { schema: { querystring: VehicleTreeQuery }, config: { access: ACCESS } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const scope = await lineScopeOf(db, companyId, userId);
        const [vehicles, fleets] = await Promise.all([
          companyVehicles(db, companyId, undefined, scope),
          companyFleets(db, companyId),
        ]);
        const live = await liveStateOf(db, feedOf(), companyId, vehicles);
        return ok(buildVehicleTree(vehicles, fleets, live, request.query.group_by ?? 'pid', epochSeconds(clock)));
      },
    );

    app.get('/basic/cars/real', { config: { access: ACCESS } }, async (request) => {
      const { companyId, userId } = sessionOf(request);
      const vehicles = await companyVehicles(db, companyId, undefined, await lineScopeOf(db, companyId, userId));
      const live = await liveStateOf(db, feedOf(), companyId, vehicles);
      const rows: VehicleLive[] = vehicles.map((v) => {
        const state = live.get(v.car_id);
        return {
          car_id: v.car_id,
          car_name: v.car_name,
          lpn: v.lpn,
          imei: v.imei,
          terminal_phone: v.terminal_phone ?? '',
          route_id: v.route_id,
          route_code: v.route_code ?? '',
          route_name: v.route_name ?? '',
          fleet_id: v.fleet_id,
          online: state?.online ? 1 : 0,
          capabilities: v.capabilities ?? 0,
          real_data: state?.realData ?? null,
        };
      });
      const result: VehicleLiveResult = { time: epochSeconds(clock), rows };
      return ok(result);
    });

    app.get('/basic/routes/own', { config: { access: ACCESS } }, async (request) => {
      const { companyId, userId } = sessionOf(request);
      return ok(await companyLines(db, companyId, await lineScopeOf(db, companyId, userId)));
    });

    app.get(
      '/basic/cars/info',
      { schema: { querystring: CarInfoQuery }, config: { access: ACCESS } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const [v] = await companyVehicles(db, companyId, request.query.imei, await lineScopeOf(db, companyId, userId));
        if (!v) throw new ApiError(ErrorCode.recordMissing);
        // The record's dates as calendar days of the company's zone; '' when unknown (the box shows '--').
        const [record, company] = await Promise.all([
          getVehicle(db, companyId, v.car_id),
          db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirstOrThrow(),
        ]);
        const zone = companyTimeZone(company.config);
        const day = (t: number | null | undefined) => (t ? formatLocalTime(t, zone).slice(0, 10) : '');
        const info: CarBaseInfo = {
          car_id: v.car_id,
          car_name: v.car_name,
          lpn: v.lpn,
          imei: v.imei,
          route_name: v.route_name ?? '',
          fleet_name: v.fleet_name ?? '',
          channel: v.channel,
          device_type: v.device_type ?? '',
          next_inspection_time: day(record?.next_inspection_time),
          next_maintenance_time: day(record?.next_maintenance_time),
          contract_no: record?.contract_no ?? '',
          approved_number: record?.approved_number === null || !record ? '' : String(record.approved_number),
          registration_number: record?.registration_number || v.lpn,
          vehicle_model: record?.model ?? '',
          contract_expiration_date: day(record?.contract_expiration_date),
          tax_due_date: day(record?.tax_due_date),
          vin: record?.vin ?? '',
          unit_id: record?.unit_id ?? '',
          img_url: record?.img_url ?? '',
        };
        return ok(info);
      },
    );
  };
}
