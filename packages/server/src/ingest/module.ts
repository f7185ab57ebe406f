import type { Logger } from 'pino';
import type { AlarmHub } from '../alarms/hub.ts';
import type { PositionBus } from '../gateway/position-bus.ts';
import type { PlatformModule } from '../platform.ts';
import type { Store } from '../store/db.ts';
import type { IngestOptions } from './options.ts';
import { IngestPipeline, type LivePublisher } from './pipeline.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ingest of this process (ingest role with a gateway and the live channel): tests, benches, editors. */
    ingest?: IngestPipeline;
  }
}

/** Starts the pipeline and subscribes it to committed positions; returns how to stop both. */
export async function startIngest(
  store: Store,
  source: Pick<PositionBus, 'onPositions'>,
  live: LivePublisher,
  logger: Logger,
  options: Partial<IngestOptions> = {},
  alarms?: AlarmHub,
): Promise<{ pipeline: IngestPipeline; stop(): Promise<void> }> {
  const pipeline = new IngestPipeline(store, live, logger, options, alarms ? { alarms } : {});
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

/**
 * The ingest as a platform module (modules.ts), after the gateway and live modules whose decorations it uses
 * (`app.gateway`, `app.live`): committed positions → route progress → enriched real_data on app.live, station
 * events stored, live state persisted, alarms detected, stored, pushed and announced on `app.alarms`. Decorates
 * the app with the running pipeline (`app.ingest`).
 */
export function ingestModule(options: Partial<IngestOptions> = {}): PlatformModule {
  return {
    name: 'ingest',
    async start({ config, app, store, logger }) {
      if (!config.roles.has('ingest')) return undefined;
      const { live, gateway } = app;
      if (!live || !gateway) {
        logger.info({ live: !!live, gateway: !!gateway }, 'ingest idle: needs the gateway and live modules');
        return undefined;
      }
      const running = await startIngest(
        store,
        gateway,
        live,
        logger.child({ module: 'ingest' }),
        options,
        app.hasDecorator('alarms') ? app.alarms : undefined,
      );
      app.decorate('ingest', running.pipeline);
      return { stop: () => running.stop() };
    },
  };
}
