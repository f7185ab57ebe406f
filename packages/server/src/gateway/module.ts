import {
  EvidenceIntake,
  EvidenceRequester,
  evidenceDir,
  evidenceOptionsFromEnv,
  LocalEvidenceStore,
  startEvidenceRetention,
} from '../alarms/evidence/index.ts';
import { mountApiRoutes } from '../api-routes.ts';
import type { PlatformModule } from '../platform.ts';
import { Gateway } from './gateway.ts';
import { metricsRoutes } from './metrics-route.ts';
import { type GatewayOptions, gatewayOptionsFromEnv } from './options.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The gateway of this process (gateway role), for the modules started after it: ingest, later commands. */
    gateway?: Gateway;
  }
}

/**
 * Starts the JT/T 808 / 1078 / JSATL12 gateway beside the HTTP API (modules.ts) and decorates the app with it
 * (`app.gateway`). The 808 port is the platform config's `gatewayPort` (HEADWAY_GATEWAY_PORT) unless `options` says
 * otherwise; the rest comes from the HEADWAY_GATEWAY_* variables (options.ts).
 */
export function gatewayModule(options: Partial<GatewayOptions> = {}): PlatformModule {
  return {
    name: 'gateway',
    async start({ config, store, app, logger }) {
      if (!config.roles.has('gateway')) return undefined;
      const gateway = new Gateway(store, logger.child({ module: 'gateway' }), {
        ...gatewayOptionsFromEnv(),
        port: config.gatewayPort,
        nodeId: config.nodeId,
        multiNode: config.natsUrl !== undefined,
        ...options,
      });
      await mountApiRoutes(app, metricsRoutes(gateway.metrics));
      // Alarm evidence (alarms/evidence): the attachment port stores uploads; new alarms with attachments are
      // asked for at once (0x9208) when their terminal is on this node.
      const evidence = evidenceOptionsFromEnv();
      const evidenceStore = new LocalEvidenceStore(evidenceDir(config.dataDir));
      gateway.evidence = new EvidenceIntake({
        db: store.db,
        store: evidenceStore,
        logger: logger.child({ module: 'evidence' }),
        metrics: gateway.metrics.attachments,
        options: evidence,
      });
      const requester = new EvidenceRequester(gateway, logger.child({ module: 'evidence' }), evidence);
      const ports = await gateway.start();
      app.decorate('gateway', gateway);
      app.decorate('evidenceRequester', requester);
      const unsubscribe = app.alarms.onRaised(requester.onAlarms);
      // The files live on the gateway's disk, so the node holding them deletes the old ones.
      const stopRetention = startEvidenceRetention({
        db: store.db,
        store: evidenceStore,
        logger: logger.child({ module: 'evidence' }),
        retentionDays: evidence.retentionDays,
      });
      logger.info({ ports, nodeId: gateway.options.nodeId }, 'device gateway listening');
      return {
        stop: () => {
          unsubscribe();
          stopRetention();
          return gateway.stop();
        },
      };
    },
  };
}
