import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../auth/access.ts';
import { TrackQueryBody } from '../contract/tracks.ts';
import type { Services } from '../services.ts';
import { type TrackQueryOptions, trackQueryOptionsFromEnv } from './options.ts';
import { trackQuery } from './track-query.ts';

// POST /device/position, the track query (docs/tracks.md, docs/api.md "Tracks"). Track playback and the live
// map's map-replay window both ask it, so either screen's view bit is enough.

const ACCESS = { screen: ['MonitoringTrack', 'MonitoringMap'], need: 'view' } as const;

export function trackRoutes(
  services: Pick<Services, 'db'>,
  overrides: Partial<TrackQueryOptions> = {},
): FastifyPluginAsyncTypebox {
  const options: TrackQueryOptions = { ...trackQueryOptionsFromEnv(), ...overrides };
  return async (app) => {
    app.post(
      '/device/position',
      { schema: { body: TrackQueryBody }, config: { access: ACCESS } },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        const chunks = await trackQuery(services.db, { companyId, userId }, request.body, options);
        const body = Readable.from(chunks, { objectMode: false });
        body.on('error', (error) => {
          // Headers are gone by now: the cut connection is what tells the client the answer is incomplete.
          request.log.error({ err: error }, 'track query failed mid-stream');
        });
        return reply.type('application/json; charset=utf-8').header('cache-control', 'no-store').send(body);
      },
    );
  };
}
