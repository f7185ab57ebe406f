import type { PlatformModule } from '../platform.ts';
import type { LiveBus } from './bus.ts';
import { NatsLiveBus } from './nats-bus.ts';
import { registerLive } from './plugin.ts';

/**
 * The live channel as a platform module: mounted on the shared app before it listens (modules.ts), as `app.live`.
 * The gateway's committed positions reach it through the ingest module (ingest/module.ts), which publishes them
 * enriched with route progress.
 *
 * With HEADWAY_NATS_URL the bus is NATS (several nodes, docs/live.md "Several nodes"). Every role needs the live
 * object — an ingest node publishes its batches — but only the api role serves STOMP and reads other nodes'.
 */
export const liveModule: PlatformModule = {
  name: 'live',
  async start({ config, app, store, logger }) {
    const api = config.roles.has('api');
    let bus: LiveBus | undefined;
    if (config.natsUrl) {
      bus = await NatsLiveBus.connect({
        servers: config.natsUrl,
        subjectPrefix: config.natsSubject,
        receive: api,
        name: config.nodeId,
        logger: logger.child({ module: 'live-bus' }),
      });
    }
    try {
      await registerLive(app, { db: store.db, endpoint: api, ...(bus ? { bus } : {}) });
    } catch (error) {
      await bus?.close();
      throw error;
    }
    logger.debug({ bus: bus ? 'nats' : 'in-process', endpoint: api }, 'live channel mounted');
    // The socket side and the batcher stop with app.close() (onClose hook), which runs before module stops:
    // the last batch is published before the bus drains.
    return bus ? { stop: () => bus.close() } : undefined;
  },
};
