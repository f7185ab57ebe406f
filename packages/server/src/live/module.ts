import { runningGateway } from '../gateway/module.ts';
import type { PlatformModule } from '../platform.ts';
import { feedLiveFromGateway } from './gateway-feed.ts';
import { registerLive } from './plugin.ts';

/**
 * The live channel as a platform module: mounted on the shared app before it listens (modules.ts). Listed
 * after the gateway module, it feeds the gateway's committed positions to the consoles.
 */
export const liveModule: PlatformModule = {
  name: 'live',
  async start({ app, store, logger }) {
    const live = await registerLive(app, { db: store.db });
    const gateway = runningGateway;
    if (!gateway) {
      logger.info('live channel without a gateway in this process: positions come from the bus only');
      return undefined;
    }
    const stopFeed = feedLiveFromGateway(gateway, live);
    // The socket side stops with app.close() (onClose hook); only the feed needs stopping here.
    return { stop: async () => stopFeed() };
  },
};
