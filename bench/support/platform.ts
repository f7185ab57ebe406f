// A bench's server in a child process it forks from its own file (`--serve …`): the platform's gateway, live and
// ingest modules on one store, free ports, and the message channel the two processes talk over.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Client } from '@stomp/stompjs';
import { pino } from 'pino';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config.ts';
import { gatewayModule } from '../../packages/server/src/gateway/module.ts';
import { ingestModule } from '../../packages/server/src/ingest/module.ts';
import { liveModule } from '../../packages/server/src/live/module.ts';
import { mustConnect } from '../../packages/server/src/live/testing/stomp-client.ts';
import type { PlatformModule } from '../../packages/server/src/platform.ts';
import type { Store } from '../../packages/server/src/store/db.ts';
import { HeadwayClient } from '../../packages/server/test/helpers/client.ts';

export interface RunningPlatform {
  app: Awaited<ReturnType<typeof buildApp>>;
  httpPort: number;
  jt808: number;
  /** Stops the modules, last started first (the app is closed by the caller). */
  stopModules(): Promise<void>;
}

/** Gateway, live and ingest on `store`, HTTP and JT/T 808 on free ports of 127.0.0.1, logging warnings only. */
export async function startPlatform(store: Store): Promise<RunningPlatform> {
  const app = await buildApp({ db: store.db, auth: { loginAttemptsPerMinute: 1_000_000 } });
  const logger = pino({ level: 'warn' });
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', HEADWAY_DEMO: '0' });
  const modules: PlatformModule[] = [
    gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
    liveModule,
    ingestModule(),
  ];
  const stops: (() => Promise<void>)[] = [];
  for (const m of modules) {
    const handle = await m.start({ config, store, app, logger });
    if (handle) stops.push(() => handle.stop());
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    httpPort: typeof address === 'object' && address ? address.port : 0,
    jt808: app.gateway?.ports.jt808 ?? 0,
    stopModules: async () => {
      for (const stop of stops.reverse()) await stop();
    },
  };
}

export interface ServerChild {
  send(message: { cmd: string }): void;
  /** The child's next message, in order, whether it already came or is yet to come. */
  next<T>(): Promise<T>;
  exited(): Promise<void>;
}

/** Forks the bench's own file (`self`: its import.meta.url) under tsx with `args`. */
export function forkServer(self: string, args: string[]): ServerChild {
  const child = fork(fileURLToPath(self), args, { execArgv: ['--import', 'tsx'] });
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const inbox: { cmd: string }[] = [];
  const waiters: ((m: { cmd: string }) => void)[] = [];
  child.on('message', (m: { cmd: string }) => {
    const w = waiters.shift();
    if (w) w(m);
    else inbox.push(m);
  });
  return {
    send: (message) => child.send(message),
    next: <T>() =>
      new Promise<T>((resolve) => {
        const m = inbox.shift();
        if (m) resolve(m as T);
        else waiters.push((x) => resolve(x as T));
      }),
    exited: () => exit,
  };
}

/** A console's live connection: signed in as `account`, STOMP over the dispatch websocket. */
export async function connectConsole(httpPort: number, account: string, password: string): Promise<Client> {
  const user = new HeadwayClient(`http://127.0.0.1:${httpPort}`);
  const login = await user.login(account, password);
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  return mustConnect(`ws://127.0.0.1:${httpPort}/dispatch/websocket`, user.token);
}
