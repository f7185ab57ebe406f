import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatLatLng, formatRegionPoint, parseRegionPoint, regionCentre } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { sessionOf } from '../auth/access.ts';
import { companyTimeZone, formatLocalTime, knownTimeZone } from '../companies/time-zone.ts';
import {
  CreateRegionBody,
  RegionExportQuery,
  type RegionFilter,
  RegionListBody,
  RegionListQuery,
  type RegionPointCheck,
  RegionPointValidatorQuery,
  RegionValidatorQuery,
  RegionVisitsQuery,
  UpdateRegionBody,
} from '../contract/index.ts';
import { ExportOptions, exportOptionsOf, sendTable } from '../exports/table/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { paging } from '../store/paging.ts';
import {
  countRegions,
  deleteRegion,
  exportedRegions,
  getRegion,
  insertRegion,
  listRegions,
  listRegionVisits,
  type RegionViewer,
  regionNameTaken,
  regionShapes,
  updateRegion,
} from './queries.ts';
import { regionName, regionValues } from './region-input.ts';
import { regionTable } from './workbook.ts';
import './region-signal.ts';

// /basic/region (spec "Basic data": list, POST, PUT, DELETE /{id}, validator, validator/code, export; issue 15).
// A region another company owns, or another user's private one, answers 1008 as a missing one would: to the
// caller it does not exist. Every write tells the geofence engine (announceRegionChange) to rebuild the index.

/**
 * Basic → Custom area and the live map's fence selector both keep regions; the track playback draws them, so its
 * view bit reads them too.
 */
const WRITERS = ['BasicRegion', 'MonitoringMap'] as const;
const READERS = [...WRITERS, 'MonitoringTrack'] as const;
const access = (need: 'view' | 'add' | 'edit' | 'delete' | 'export') => ({
  access: { screen: need === 'view' ? READERS : WRITERS, need },
});

/** Regions one map may draw at once (about 2 MB of polygons); more answers 1009. */
export const REGION_SHAPES_MAX = 20_000;

function viewerOf(request: FastifyRequest): RegionViewer {
  const { companyId, userId } = sessionOf(request);
  return { companyId, userId };
}

function announce(request: FastifyRequest, companyId: number): void {
  request.server.announceRegionChange?.(companyId);
}

export function regionRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function freeName(companyId: number, name: string, except?: number): Promise<void> {
    if (await regionNameTaken(db, companyId, name, except)) {
      throw new ApiError(ErrorCode.parameter, { field: 'region_name', reason: 'name taken', rule: 'taken' });
    }
  }

  async function visible(viewer: RegionViewer, regionId: number) {
    const found = await getRegion(db, viewer, regionId);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  const list = (viewer: RegionViewer, filter: RegionFilter, page: { page?: number; limit?: number }) =>
    listRegions(db, viewer, filter, paging(page));

  return async (app) => {
    app.post('/basic/region/list', { schema: { body: RegionListBody }, config: access('view') }, async (request) => {
      const { page, limit, data } = request.body;
      return ok(await list(viewerOf(request), data ?? {}, { page, limit }));
    });

    app.get('/basic/region', { schema: { querystring: RegionListQuery }, config: access('view') }, async (request) => {
      const { page, limit, region_type, search } = request.query;
      const filter: RegionFilter = {
        ...(region_type !== undefined ? { region_type } : {}),
        ...(search !== undefined ? { search } : {}),
      };
      return ok(await list(viewerOf(request), filter, { page, limit }));
    });

    app.get(
      '/basic/region/validator',
      { schema: { querystring: RegionValidatorQuery }, config: access('view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        await freeName(companyId, regionName(request.query.region_name), request.query.id);
        return ok(true);
      },
    );

    // The spec lists validator/code without saying what code. A region has no code of its own and its `icon` is a
    // picture shared by many regions, so there is nothing unique to check: it validates region_point for a type
    // instead (the console's coordinate entry) and answers the shape as it would be stored.
    app.get(
      '/basic/region/validator/code',
      { schema: { querystring: RegionPointValidatorQuery }, config: access('view') },
      async (request) => {
        const parsed = parseRegionPoint(request.query.region_type, request.query.region_point);
        if (!parsed.ok) throw parameterError('region_point', parsed.reason);
        const check: RegionPointCheck = {
          region_point: formatRegionPoint(parsed.shape),
          center: formatLatLng(regionCentre(parsed.shape)),
        };
        return ok(check);
      },
    );

    app.post('/basic/region', { schema: { body: CreateRegionBody }, config: access('add') }, async (request) => {
      const viewer = viewerOf(request);
      const values = regionValues(request.body);
      await freeName(viewer.companyId, values.region_name);
      const id = await insertRegion(db, viewer, values, epochSeconds(clock));
      announce(request, viewer.companyId);
      return ok(await visible(viewer, id));
    });

    app.put('/basic/region', { schema: { body: UpdateRegionBody }, config: access('edit') }, async (request) => {
      const viewer = viewerOf(request);
      const { id } = request.body;
      await visible(viewer, id);
      const values = regionValues(request.body);
      await freeName(viewer.companyId, values.region_name, id);
      await updateRegion(db, viewer.companyId, id, values, epochSeconds(clock));
      announce(request, viewer.companyId);
      return ok(await visible(viewer, id));
    });

    app.delete(
      '/basic/region/:id',
      { schema: { params: Type.Object({ id: Type.Integer() }) }, config: access('delete') },
      async (request) => {
        const viewer = viewerOf(request);
        await visible(viewer, request.params.id);
        await deleteRegion(db, viewer.companyId, request.params.id);
        announce(request, viewer.companyId);
        return ok(null);
      },
    );

    // The maps' regions layer: every visible region in one answer, cached by the console until a region changes.
    app.get('/basic/region/shapes', { config: access('view') }, async (request) => {
      const shapes = await regionShapes(db, viewerOf(request), REGION_SHAPES_MAX);
      if (!shapes) throw new ApiError(ErrorCode.tooMuchData, { max: REGION_SHAPES_MAX });
      return ok(shapes);
    });

    // A region's detail shows who came and how long they stayed (the geofence engine's visits).
    app.get(
      '/basic/region/visits',
      { schema: { querystring: RegionVisitsQuery }, config: access('view') },
      async (request) => {
        const viewer = viewerOf(request);
        const { region_id, page, limit } = request.query;
        await visible(viewer, region_id);
        return ok(
          await listRegionVisits(db, viewer.companyId, region_id, paging({ page, limit }), epochSeconds(clock)),
        );
      },
    );

    app.get(
      '/basic/region/export',
      { schema: { querystring: Type.Intersect([RegionExportQuery, ExportOptions]) }, config: access('export') },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const { region_type, search, time_zone } = request.query;
        const filter: RegionFilter = {
          ...(region_type !== undefined ? { region_type } : {}),
          ...(search !== undefined ? { search } : {}),
        };
        const total = await countRegions(db, viewer, filter);
        const company = await db
          .selectFrom('companies')
          .select('config')
          .where('id', '=', viewer.companyId)
          .executeTakeFirstOrThrow();
        const timeZone = knownTimeZone(time_zone) ?? companyTimeZone(company.config);
        const now = epochSeconds(clock);
        const day = formatLocalTime(now, timeZone).slice(0, 10).replaceAll('-', '');
        return sendTable(request, reply, {
          fileBase: `regions-${day}`,
          total,
          options: exportOptionsOf(request.query),
          table: regionTable(exportedRegions(db, viewer, filter), {
            language: pickLanguage(request.headers['accept-language']),
            timeZone,
            now,
          }),
        });
      },
    );
  };
}
