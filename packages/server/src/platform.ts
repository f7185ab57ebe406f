import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Logger, pino } from 'pino';
import { evidenceDir, LocalEvidenceStore } from './alarms/evidence/index.ts';
import { buildApp } from './app.ts';
import { devWechatProvider } from './auth/wechat.ts';
import type { PlatformConfig } from './config.ts';
import { type DemoSeedResult, seedDemo } from './demo/seed.ts';
import { openStore, type Store, storeConfigFrom } from './store/db.ts';
import { migrateToLatest } from './store/migrate.ts';
import { UploadStore, uploadsDir } from './uploads/index.ts';

/**
 * A module started beside the HTTP server in the same process: the JT/T 808 gateway (TCP 7611), ingest,
 * the live channel, the simulator. It gets the shared store, app and logger, and hands back how to stop.
 * Register modules in `modules.ts`; startPlatform starts them in order and stops them in reverse.
 */
export interface PlatformModule {
  name: string;
  start(context: PlatformContext): Promise<{ stop(): Promise<void> } | undefined>;
}

export interface PlatformContext {
  config: PlatformConfig;
  store: Store;
  app: FastifyInstance;
  logger: Logger;
}

export interface RunningPlatform {
  app: FastifyInstance;
  store: Store;
  url: string;
  demo: DemoSeedResult | undefined;
  stop(): Promise<void>;
}

export async function startPlatform(
  config: PlatformConfig,
  modules: readonly PlatformModule[] = [],
  logger: Logger = pino({ level: config.logLevel }),
): Promise<RunningPlatform> {
  mkdirSync(config.dataDir, { recursive: true });
  const store = openStore(storeConfigFrom(config.databaseUrl, join(config.dataDir, 'headway.db')), {
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection lost; reconnecting on demand'),
  });
  const applied = await migrateToLatest(store);
  if (applied.length > 0) logger.info({ engine: store.engine, applied }, 'migrations applied');

  const demo = config.demo ? await seedDemo(store.db, { password: config.demoPassword }) : undefined;

  const app = await buildApp({
    db: store.db,
    logger,
    wechatProvider: config.wechatDev ? devWechatProvider : null,
    trustProxy: config.trustProxy,
    ...(config.loginAttemptsPerMinute !== undefined
      ? { auth: { loginAttemptsPerMinute: config.loginAttemptsPerMinute } }
      : {}),
    api: config.roles.has('api'),
    geocoding: config.geocoding,
    evidence: new LocalEvidenceStore(evidenceDir(config.dataDir)),
    uploads: new UploadStore(uploadsDir(config.dataDir)),
    ...(config.defaultCompanyId !== undefined ? { defaultCompanyId: config.defaultCompanyId } : {}),
  });

  const context: PlatformContext = { config, store, app, logger };
  const stops: { name: string; stop(): Promise<void> }[] = [];
  let stopping: Promise<void> | undefined;
  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      await app.close();
      for (const { name, stop } of [...stops].reverse()) {
        await stop().catch((error: unknown) => logger.error({ err: error, module: name }, 'module failed to stop'));
      }
      await store.close();
    })();
    return stopping;
  };

  try {
    for (const module of modules) {
      const handle = await module.start(context);
      if (handle) stops.push({ name: module.name, stop: () => handle.stop() });
      logger.info({ module: module.name }, 'module started');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A port in use or a module failing must not leave the others holding sockets and connections.
    await stopAll();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  return {
    app,
    store,
    url: `http://${shownHost}:${port}`,
    demo,
    stop: stopAll,
  };
}
