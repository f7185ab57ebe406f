import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { STOP_NAME_MAX } from '@headway/spec';
import {
  AzimuthBatchBody,
  OppositeBody,
  StationExportQuery,
  type StationFilter,
  StationListQuery,
  UpdateStationBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { announceLines, companyOf, missing, screenAccess, sendExport } from './api-kit.ts';
import { SHEETS, STATION_COLUMNS } from './export-columns.ts';
import { trimmedName } from './line-input.ts';
import { getRoute } from './line-queries.ts';
import {
  exportedStations,
  getStation,
  listStations,
  recomputeAzimuths,
  setOpposite,
  updateStation,
} from './station-queries.ts';

// /basic/route/stations (spec: page, limit, data{search, route_id}; PUT; PUT opposite; export; POST azimuth/batch):
// the Station screen. Where a station sits on its line (order, mileage, place) changes only with its direction
// (/basic/route/directions or the line editor), so the route check always holds; here its own fields change.

const access = (need: Parameters<typeof screenAccess>[1]) => screenAccess('BasicStation', need);

function filterOf(q: StationFilter): StationFilter {
  const out: StationFilter = {};
  if (q.search !== undefined) out.search = q.search;
  if (q.route_id !== undefined) out.route_id = q.route_id;
  if (q.direction !== undefined) out.direction = q.direction;
  return out;
}

export function stationApi(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  return async (app) => {
    app.get(
      '/basic/route/stations',
      { schema: { querystring: StationListQuery }, config: access('view') },
      async (request) => {
        const { page, limit } = request.query;
        return ok(await listStations(db, companyOf(request), filterOf(request.query), paging({ page, limit })));
      },
    );

    app.put(
      '/basic/route/stations',
      { schema: { body: UpdateStationBody }, config: access('edit') },
      async (request) => {
        const companyId = companyOf(request);
        const { id, station_name, abridge, flag, azimuth, duration } = request.body;
        if (!(await getStation(db, companyId, id))) throw missing();
        await updateStation(db, companyId, id, {
          station_name: trimmedName('station_name', station_name, 1, STOP_NAME_MAX),
          ...(abridge !== undefined ? { abridge: abridge.trim() } : {}),
          ...(flag !== undefined ? { flag } : {}),
          ...(azimuth !== undefined ? { azimuth } : {}),
          ...(duration !== undefined ? { duration } : {}),
        });
        announceLines(request, companyId);
        return ok(await getStation(db, companyId, id));
      },
    );

    app.put(
      '/basic/route/stations/opposite',
      { schema: { body: OppositeBody }, config: access('edit') },
      async (request) => {
        const companyId = companyOf(request);
        const changed = await setOpposite(db, companyId, [...new Set(request.body.ids)], request.body.is_opposite);
        // Another company's ids change nothing: all of them missing is 1008, as one would be.
        if (changed === 0) throw missing();
        return ok({ changed });
      },
    );

    app.post(
      '/basic/route/stations/azimuth/batch',
      { schema: { body: AzimuthBatchBody }, config: access('edit') },
      async (request) => {
        const companyId = companyOf(request);
        if (!(await getRoute(db, companyId, request.body.route_id))) throw missing();
        const changed = await recomputeAzimuths(db, companyId, request.body.route_id, request.body.direction);
        announceLines(request, companyId);
        return ok({ changed });
      },
    );

    app.get(
      '/basic/route/stations/export',
      { schema: { querystring: StationExportQuery }, config: access('export') },
      async (request, reply) => {
        const companyId = companyOf(request);
        const filter = filterOf(request.query);
        return sendExport(db, clock, request, reply, {
          prefix: 'stations',
          title: SHEETS.stations,
          columns: STATION_COLUMNS,
          rows: (upTo) => exportedStations(db, companyId, filter, upTo),
        });
      },
    );
  };
}
