import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../../auth/access.ts';
import { companyZone, formatLocalTime } from '../../companies/time-zone.ts';
import { contentDisposition } from '../../exports/table/file-name.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { writeGtfsFeed } from './write-feed.ts';

// GET /basic/routes/gtfs/export (docs/api.md "Exports, imports and GTFS"): the caller's company as a GTFS zip.
// The export bit of Basic → Line (BasicRoute, whose list has the GTFS menu) or of the line map.

export const GTFS_ACCESS = { screen: ['BasicRoute', 'MonitoringLineMap'], need: 'export' } as const;

export function gtfsExportRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  return async (app) => {
    app.get('/basic/routes/gtfs/export', { config: { access: GTFS_ACCESS } }, async (request, reply) => {
      const { companyId } = sessionOf(request);
      const zone = await companyZone(db, companyId);
      const day = formatLocalTime(epochSeconds(clock), zone).slice(0, 10).replaceAll('-', '');
      const body = new PassThrough();
      writeGtfsFeed(db, companyId, body).catch((error: unknown) => {
        request.log.error({ err: error }, 'GTFS export failed mid-stream');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(`gtfs-${companyId}-${day}.zip`))
        .header('cache-control', 'no-store')
        .send(body);
    });
  };
}
