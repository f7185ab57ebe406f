import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type AuthPolicy, DEFAULT_AUTH_POLICY } from '../auth/policy.ts';
import { type Clock, systemClock } from '../kernel/time.ts';
import type { Database } from '../store/schema.ts';
import { PositionBatcher } from './batcher.ts';
import { Broker } from './broker.ts';
import { InProcessBus, type LiveBus } from './bus.ts';
import { Live } from './live.ts';
import { DEFAULT_LIVE_OPTIONS, type LiveOptions } from './options.ts';
import { ConsoleScopes } from './scope.ts';
import { endedSessions, heartbeatToucher, resolveToken, type SessionDeps } from './sessions.ts';

export const LIVE_PATH = '/dispatch/websocket';

export interface LiveDeps {
  db: Kysely<Database>;
  clock?: Clock;
  policy?: AuthPolicy;
  /** Defaults to the in-process bus; pass a networked one when running several nodes. */
  bus?: LiveBus;
  /**
   * Mount the STOMP endpoint (default). A node without the api role (HEADWAY_ROLES) still publishes its
   * positions through the batcher and bus, but serves no consoles.
   */
  endpoint?: boolean;
  options?: Partial<LiveOptions>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent until registerLive ran (the live module mounts it after the API routes; API-only tests have none). */
    live?: Live;
  }
}

/**
 * Mounts STOMP over WebSocket at /dispatch/websocket on the root app and decorates it with `app.live`.
 * Call before the app listens. The broker, batcher and revalidation timer stop with the app (onClose).
 */
export async function registerLive(app: FastifyInstance, deps: LiveDeps): Promise<Live> {
  const options: LiveOptions = { ...DEFAULT_LIVE_OPTIONS, ...deps.options };
  const sessionDeps: SessionDeps = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    policy: deps.policy ?? DEFAULT_AUTH_POLICY,
  };
  const bus = deps.bus ?? new InProcessBus();
  // Console scopes (docs/live.md "Scoped delivery"): re-read with the sessions below, so edits apply within a period.
  const scopes = new ConsoleScopes(deps.db);
  const broker = new Broker({
    options,
    bus,
    authenticate: (token) => resolveToken(sessionDeps, token),
    scope: scopes,
    onHeartbeat: heartbeatToucher(sessionDeps),
    onInternalError: (error) => app.log.error({ err: error }, 'live channel frame failed'),
  });
  const batcher = new PositionBatcher(bus, options.batchIntervalMs);
  batcher.start();

  const revalidate = async (): Promise<number> => {
    const ended = await endedSessions(sessionDeps, broker.sessionIds());
    const closed = ended.size === 0 ? 0 : broker.closeSessions(ended);
    await scopes.refresh(broker.connectedUsers());
    return closed;
  };
  // Sessions end in the store (auth/, online/); polling it needs no hook in those modules and also catches
  // idle expiry and disabled users. live.closeSessions() is the immediate path for callers that know.
  let revalidating = false;
  const revalidateTimer = setInterval(() => {
    if (revalidating) return;
    revalidating = true;
    revalidate()
      .catch((error: unknown) => app.log.warn({ err: error }, 'live session revalidation failed'))
      .finally(() => {
        revalidating = false;
      });
  }, options.revalidateMs);
  revalidateTimer.unref();

  const live = new Live(bus, broker, batcher, revalidate);
  app.decorate('live', live);

  if (deps.endpoint ?? true) {
    // One @fastify/websocket per server: it owns the 'upgrade' listener, so a second copy would route twice.
    if (!app.hasDecorator('websocketServer')) {
      await app.register(fastifyWebsocket, { options: { maxPayload: options.maxFrameBytes * 2 } });
    }
    app.get(LIVE_PATH, { websocket: true }, (socket) => {
      broker.accept(socket);
    });
  }

  app.addHook('onClose', async () => {
    clearInterval(revalidateTimer);
    batcher.stop();
    live.detach();
    broker.close();
  });
  return live;
}
