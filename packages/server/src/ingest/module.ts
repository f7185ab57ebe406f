import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { installAuthentication } from '../auth/authenticate.ts';
import { DEFAULT_AUTH_POLICY } from '../auth/policy.ts';
import { departureRoutes } from '../departures/routes.ts';
import { runningGateway } from '../gateway/module.ts';
import { API_BASES } from '../kernel/bases.ts';
import { systemClock } from '../kernel/time.ts';
import type { CommittedPositions } from '../live/gateway-feed.ts';
import type { PlatformModule } from '../platform.ts';
import type { Database } from '../store/schema.ts';
import { type IngestOptions, IngestPipeline, type LivePublisher } from './pipeline.ts';

/** The running ingest of this process (tests, benches, other modules). */
export let runningIngest: IngestPipeline | undefined;

/** Starts the pipeline and subscribes it to committed positions; returns how to stop both. */
export async function startIngest(
  db: Kysely<Database>,
  source: CommittedPositions,
  live: LivePublisher,
  logger: Logger,
  options: Partial<IngestOptions> = {},
): Promise<{ pipeline: IngestPipeline; stop(): Promise<void> }> {
  const pipeline = new IngestPipeline(db, live, logger, options);
  // Subscribe first: positions committed while the directory loads wait in the queue.
  const unsubscribe = source.onPositions(pipeline.enqueue);
  await pipeline.start();
  return {
    pipeline,
    async stop() {
      unsubscribe();
      await pipeline.stop();
    },
  };
}

/** /device/depart/arrive in its own authenticated scope, on every API base (like the vehicles module). */
export async function registerDepartureRoutes(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const scope: FastifyPluginAsync = async (api) => {
    installAuthentication(api, { db, clock: systemClock, policy: DEFAULT_AUTH_POLICY });
    await api.register(departureRoutes({ db }));
  };
  for (const prefix of API_BASES) await app.register(scope, { prefix });
}

/**
 * The ingest as a platform module (modules.ts), after the gateway and live modules: the gateway's committed
 * positions → route progress → enriched real_data on app.live, station events stored, live state persisted.
 */
export function ingestModule(options: Partial<IngestOptions> = {}): PlatformModule {
  return {
    name: 'ingest',
    async start({ config, app, store, logger }) {
      // The routes read stored station events: they belong to the API node, whichever node ingested them.
      if (config.roles.has('api')) await registerDepartureRoutes(app, store.db);
      if (!config.roles.has('ingest')) return undefined;
      const live = (app as unknown as { live?: LivePublisher }).live;
      const gateway = runningGateway;
      if (!live || !gateway) {
        logger.info({ live: !!live, gateway: !!gateway }, 'ingest idle: needs the gateway and live modules');
        return undefined;
      }
      const running = await startIngest(store.db, gateway, live, logger.child({ module: 'ingest' }), options);
      runningIngest = running.pipeline;
      return {
        async stop() {
          runningIngest = undefined;
          await running.stop();
        },
      };
    },
  };
}
