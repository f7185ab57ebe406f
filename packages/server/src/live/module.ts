import type { PlatformModule } from '../platform.ts';
import { registerLive } from './plugin.ts';

/**
 * The live channel as a platform module: mounted on the shared app before it listens (modules.ts). The gateway's
 * committed positions reach it through the ingest module (ingest/module.ts), which publishes them enriched with
 * route progress; `feedLiveFromGateway` (gateway-feed.ts) remains the raw feed for processes without ingest.
 */
export const liveModule: PlatformModule = {
  name: 'live',
  async start({ app, store, logger }) {
    await registerLive(app, { db: store.db });
    logger.debug('live channel mounted; positions come from the ingest module');
    // The socket side stops with app.close() (onClose hook).
    return undefined;
  },
};
