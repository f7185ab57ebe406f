import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { FLEET_SHEETS, VEHICLE_FIELD_LABELS as L } from '@headway/spec';
import { sessionOf } from '../auth/access.ts';
import { type ListColumn, sendListExport } from '../basic-data/list-export.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import {
  type ExpiredReminder,
  ExpireExportQuery,
  ExpireQuery,
  type ExpiryRow,
  ReminderQuery,
  type UserConfig,
} from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { parseJson } from '../store/json.ts';
import { paging } from '../store/paging.ts';
import { mergeUserConfig } from '../users/user-info.ts';
import { FleetScreen, on } from './access.ts';
import { countExpiring, exportedExpiring, listExpiring } from './expiry-queries.ts';

// GET /basic/cars/expire and /expire/export (the insurance and expiry review screens) and GET
// /basic/car/expired/reminder (spec section 4: the layout's two dialogs at load, each only when the user's option
// is on and its list is non-empty; 10 per page, section 9).

const EXPIRY_SCREENS = [FleetScreen.insurance, FleetScreen.expiry, FleetScreen.licence, FleetScreen.vehicle];
/** Spec section 9 "modal lists 10 … expiry 10". */
export const REMINDER_PAGE_SIZE = 10;

const INSURANCE_COLUMNS: ListColumn<ExpiryRow>[] = [
  { header: L.car_name, width: 18, value: (r) => r.car_name },
  { header: L.lpn, width: 14, value: (r) => r.lpn },
  { header: L.route_id, width: 16, value: (r) => r.route_name },
  { header: L.compulsory_insurance_time, width: 16, kind: 'date', value: (r) => r.compulsory_insurance_time },
  { header: L.commercial_insurance_time, width: 16, kind: 'date', value: (r) => r.commercial_insurance_time },
];
const VEHICLE_COLUMNS: ListColumn<ExpiryRow>[] = [
  { header: L.car_name, width: 18, value: (r) => r.car_name },
  { header: L.lpn, width: 14, value: (r) => r.lpn },
  { header: L.route_id, width: 16, value: (r) => r.route_name },
  { header: L.register_time, width: 16, kind: 'date', value: (r) => r.register_time },
  { header: L.expire_time, width: 16, kind: 'date', value: (r) => r.expire_time },
];

export function expiryRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  return async (app) => {
    app.get(
      '/basic/cars/expire',
      { schema: { querystring: ExpireQuery }, config: on(EXPIRY_SCREENS, 'view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { page, limit, ...filter } = request.query;
        return ok(await listExpiring(db, companyId, filter, epochSeconds(clock), paging({ page, limit })));
      },
    );

    app.get(
      '/basic/cars/expire/export',
      { schema: { querystring: ExpireExportQuery }, config: on(EXPIRY_SCREENS, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, format, scope, page, limit, ...filter } = request.query;
        const now = epochSeconds(clock);
        const insurance = filter.kind === 'insurance';
        return sendListExport(
          request,
          reply,
          { db, companyId, now, query: { time_zone, format, scope, page, limit } },
          {
            prefix: insurance ? 'insurance-expiry' : 'vehicle-expiry',
            title: insurance ? FLEET_SHEETS.insuranceExpiry : FLEET_SHEETS.vehicleExpiry,
            total: await countExpiring(db, companyId, filter, now),
            columns: insurance ? INSURANCE_COLUMNS : VEHICLE_COLUMNS,
            rows: () => exportedExpiring(db, companyId, filter, now),
          },
        );
      },
    );

    // Every signed-in user: the dialogs belong to the layout, not to a screen. A console user hears of the
    // vehicles of their lines only, as everywhere else.
    app.get(
      '/basic/car/expired/reminder',
      { schema: { querystring: ReminderQuery }, config: { access: 'session' } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const user = await db
          .selectFrom('users')
          .select('user_config')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        const config = mergeUserConfig(parseJson<Partial<UserConfig>>(user.user_config, {}));
        const lines = await lineScopeOf(db, companyId, userId);
        const now = epochSeconds(clock);
        const page = { page: request.query.page ?? 1, limit: request.query.limit ?? REMINDER_PAGE_SIZE };
        const wanted = request.query.kind;
        const part = async (kind: 'insurance' | 'vehicle', enabled: boolean) => {
          if (!enabled || (wanted !== undefined && wanted !== kind)) return { enabled, total: 0, rows: [] };
          return { enabled, ...(await listExpiring(db, companyId, { kind, lines }, now, page)) };
        };
        const result: ExpiredReminder = {
          time: now,
          insurance: await part('insurance', config.insurance_reminder),
          vehicle: await part('vehicle', config.vehicle_expire_reminder),
        };
        return ok(result);
      },
    );
  };
}
