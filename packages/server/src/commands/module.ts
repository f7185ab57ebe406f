import { gatewayOptionsFromEnv } from '../gateway/options.ts';
import { startDirectorySignal } from '../ingest/directory-signal.ts';
import type { PlatformModule } from '../platform.ts';
import { NatsCommandRouter } from './nats-router.ts';
import { QueueDelivery } from './queue/delivery.ts';
import { startExpirySweep } from './queue/expiry.ts';
import { type CommandRouter, LocalCommandRouter } from './router.ts';

/**
 * The command path as a platform module, started after the gateway (modules.ts), on every node:
 * - `app.commandRouter`, which the command routes read at request time: this node's gateway alone, or with
 *   HEADWAY_NATS_URL whichever node holds the terminal (nats-router.ts; an API-only node only asks);
 * - `app.announceDirectoryChange` (ingest/directory-signal.ts), sharing the router's NATS connection;
 * - on a gateway node, delivery of what was queued for a terminal when it authenticates (queue/delivery.ts);
 * - the sweep that expires queued rows (queue/expiry.ts).
 */
export function commandsModule(): PlatformModule {
  return {
    name: 'commands',
    async start({ config, app, store, logger }) {
      const log = logger.child({ module: 'commands' });
      const gateway = app.gateway;
      let nats: NatsCommandRouter | undefined;
      if (config.natsUrl) {
        nats = await NatsCommandRouter.connect({
          servers: config.natsUrl,
          subjectPrefix: config.natsSubject,
          nodeId: config.nodeId,
          db: store.db,
          gateway,
          defaultTimeoutMs: gateway?.options.commandTimeoutMs ?? gatewayOptionsFromEnv().commandTimeoutMs,
          logger: log,
        });
      }
      const router: CommandRouter = nats ?? new LocalCommandRouter(gateway);
      app.decorate('commandRouter', router);
      const directory = startDirectorySignal(app, {
        logger: log,
        listen: config.roles.has('ingest'),
        ...(nats ? { nats: { connection: nats.connection, subjectPrefix: config.natsSubject } } : {}),
      });
      const delivery = gateway ? new QueueDelivery(store.db, gateway, log) : undefined;
      delivery?.start();
      const stopSweep = startExpirySweep(store.db, log);
      return {
        async stop() {
          stopSweep();
          delivery?.stop();
          directory.stop();
          await router.close();
        },
      };
    },
  };
}
