import type { FastifyInstance } from 'fastify';
import type { NatsConnection, Subscription } from 'nats';
import type { Logger } from 'pino';
import '../regions/region-signal.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A vehicle's binding changed (change route, an editor): every ingest — this node's and, over NATS, the
     * others' — reloads its vehicles now instead of at its next timed refresh. Decorated on every node by the
     * commands module; fire-and-forget.
     */
    announceDirectoryChange?: (companyId: number) => void;
  }
}

/** Two tokens under the prefix, so the live bus's `{prefix}.*` subscription never sees the signal. */
export function directorySubject(prefix: string): string {
  return `${prefix}.directory.changed`;
}

export interface DirectorySignalOptions {
  logger: Logger;
  /** With several nodes: the connection (opened with noEcho) and the deployment's subject prefix. */
  nats?: { connection: NatsConnection; subjectPrefix: string };
  /** Whether this node reloads on other nodes' signals: only an ingest node has a directory to reload. */
  listen: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Decorates `app.announceDirectoryChange` and `app.announceRegionChange` (regions/region-signal.ts): both travel
 * on the one subject, a region change flagged `regions: true`, so every ingest node's geofence reloads at once. The ingest is read from the app when a signal arrives, not at start:
 * the ingest module starts after the one calling this (modules.ts).
 */
export function startDirectorySignal(app: FastifyInstance, options: DirectorySignalOptions): { stop(): void } {
  const { logger, nats } = options;
  const reload = (companyId: number) => {
    const ingest = app.ingest;
    if (!ingest) return;
    // refreshDirectory logs its own failures and never rejects.
    void ingest.refreshDirectory().then(() => logger.debug({ companyId }, 'ingest directory reloaded on signal'));
  };
  const reloadRegions = (companyId: number) => {
    // reloadRegions logs its own failures and never rejects.
    void app.ingest?.reloadRegions(companyId);
  };

  let subscription: Subscription | undefined;
  if (nats && options.listen) {
    subscription = nats.connection.subscribe(directorySubject(nats.subjectPrefix), {
      callback: (error, msg) => {
        if (error) {
          logger.warn({ err: error }, 'directory signal subscription error');
          return;
        }
        let signal: { companyId?: unknown; regions?: unknown };
        try {
          signal = JSON.parse(decoder.decode(msg.data)) as typeof signal;
        } catch {
          return;
        }
        const companyId = signal.companyId;
        if (typeof companyId !== 'number') return;
        if (signal.regions === true) reloadRegions(companyId);
        else reload(companyId);
      },
    });
  }

  const publish = (signal: { companyId: number; regions?: true }) => {
    if (!nats || nats.connection.isClosed()) return;
    try {
      // The connection has noEcho: this node is not told again of what it just reloaded.
      nats.connection.publish(directorySubject(nats.subjectPrefix), encoder.encode(JSON.stringify(signal)));
    } catch (err) {
      // The other nodes catch up at their timed refresh (ingest refreshMs, regions refreshMs).
      logger.warn({ err, companyId: signal.companyId }, 'directory signal not published');
    }
  };
  app.decorate('announceDirectoryChange', (companyId: number) => {
    reload(companyId);
    publish({ companyId });
  });
  app.decorate('announceRegionChange', (companyId: number) => {
    reloadRegions(companyId);
    publish({ companyId, regions: true });
  });

  return {
    stop() {
      subscription?.unsubscribe();
    },
  };
}
