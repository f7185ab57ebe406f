import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { jsonNumbersOnly } from '../alarms/rules/strict-numbers.ts';
import { sessionOf } from '../auth/access.ts';
import { companyZone } from '../companies/time-zone.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import {
  HeadwayQuery,
  type LineHeadways,
  TimetableQuery,
  TrafficBody,
  type TrafficChange,
  TrafficQuery,
} from '../contract/line-map.ts';
import { ok } from '../kernel/envelope.ts';
import { parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { TtlCache } from './headway-cache.ts';
import { lineHeadways } from './headways.ts';
import { lineOf } from './line-of.ts';
import { lineMapDb } from './schema.ts';
import { isServiceDate, localDate } from './service-day.ts';
import { lineSchedule, timetableFor } from './timetable.ts';
import { setTraffic, trafficOfLine } from './traffic.ts';

// /dispatch/traffic, /dispatch/timetable, /dispatch/headways (issue 12, docs/line-map.md, docs/api.md "Line map").
// Reads answer to the line map's view bit or the monitoring map's (the line map and its windows open from both);
// setting a traffic state needs edit on the line map.

const READ = { screen: ['MonitoringLineMap', 'MonitoringMap'], need: 'view' } as const;
const EDIT = { screen: 'MonitoringLineMap', need: 'edit' } as const;

/** One headway cache per app: the plugin is mounted once per API base (/api, /prod-api, /dispatch/api). */
const headwayCaches = new WeakMap<Services, TtlCache<LineHeadways>>();

export function lineMapRoutes(services: Services): FastifyPluginAsyncTypebox {
  const db = lineMapDb(services.db);
  const { clock } = services;
  const headways = headwayCaches.get(services) ?? new TtlCache<LineHeadways>();
  headwayCaches.set(services, headways);

  return async (app) => {
    app.get(
      '/dispatch/traffic',
      { schema: { querystring: TrafficQuery }, config: { access: READ } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const line = await lineOf(
          db,
          companyId,
          request.query.route_code,
          await lineScopeOf(services.db, companyId, userId),
        );
        return ok(await trafficOfLine(db, companyId, line));
      },
    );

    // The spec lists both verbs for one body; both set the state (docs/line-map.md "Traffic": an upsert either way).
    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: '/dispatch/traffic',
        schema: { body: TrafficBody },
        config: { access: EDIT },
        // ajv would turn null or "" into 0 (default): a client bug must not clear a jam silently.
        preValidation: jsonNumbersOnly(['key', 'traffic_status']),
        handler: async (request) => {
          const session = sessionOf(request);
          const { row, changed } = await setTraffic(
            db,
            session.companyId,
            await lineScopeOf(services.db, session.companyId, session.userId),
            {
              key: request.body.key,
              trafficStatus: request.body.traffic_status,
              account: session.account,
              now: epochSeconds(clock),
            },
          );
          if (changed) {
            const change: TrafficChange = {
              key: row.key,
              route_code: row.route_code,
              traffic_status: row.traffic_status,
              updated_at: row.updated_at ?? 0,
            };
            // The live module mounts after the API: look it up per request.
            request.server.live?.publish(session.companyId, 'traffic', change);
          }
          return ok(row);
        },
      });
    }

    app.get(
      '/dispatch/timetable',
      { schema: { querystring: TimetableQuery }, config: { access: READ } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const { route_code, date } = request.query;
        if (date !== undefined && !isServiceDate(date)) throw parameterError('date', 'not a calendar date YYYYMMDD');
        const line = await lineOf(db, companyId, route_code, await lineScopeOf(services.db, companyId, userId));
        const zone = await companyZone(services.db, companyId);
        const day = date ?? localDate(epochSeconds(clock), zone);
        return ok(timetableFor(line.route_code, await lineSchedule(db, companyId, line.id), day, zone));
      },
    );

    app.get(
      '/dispatch/headways',
      { schema: { querystring: HeadwayQuery }, config: { access: READ } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const scope = await lineScopeOf(services.db, companyId, userId);
        const line = await lineOf(db, companyId, request.query.route_code, scope);
        const now = epochSeconds(clock);
        // Vehicles are filtered by the console scope, so the answer is shared only between equal scopes.
        const key = `${companyId}|${line.id}|${scope ? [...scope].sort((a, b) => a - b).join(',') : '*'}`;
        const answer = await headways.get(key, now, async () =>
          lineHeadways(db, request.server.live, companyId, {
            line,
            scope,
            now,
            timeZone: await companyZone(services.db, companyId),
          }),
        );
        return ok(answer);
      },
    );
  };
}
