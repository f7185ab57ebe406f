import type { PlatformModule } from '../platform.ts';
import { registerLive } from './plugin.ts';

/** The live channel as a platform module: mounted on the shared app before it listens (modules.ts). */
export const liveModule: PlatformModule = {
  name: 'live',
  async start(context) {
    await registerLive(context.app, { db: context.store.db });
    // Stopping is app.close()'s onClose hook: it runs before the store closes (platform.ts stop order).
    return undefined;
  },
};
