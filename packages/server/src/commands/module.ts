import type { PlatformModule } from '../platform.ts';
import { LocalCommandRouter } from './router.ts';

/**
 * The command path as a platform module, started after the gateway (modules.ts): decorates the app with
 * `app.commandRouter`, which the command routes read at request time.
 */
export function commandsModule(): PlatformModule {
  return {
    name: 'commands',
    async start({ app }) {
      const router = new LocalCommandRouter(app.gateway);
      app.decorate('commandRouter', router);
      return { stop: () => router.close() };
    },
  };
}
