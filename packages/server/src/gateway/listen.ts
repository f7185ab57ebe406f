import { createServer, type Server, type Socket } from 'node:net';

/** A TCP server with the gateway's socket policy: listen backlog, connection cap, refused-count hook. */
export async function listenTcp(
  host: string,
  port: number,
  backlog: number,
  maxConnections: number,
  onSocket: (socket: Socket) => void,
  onRefused: () => void,
): Promise<Server> {
  const server = createServer({ noDelay: true, keepAlive: true, keepAliveInitialDelay: 60_000 }, onSocket);
  // Beyond the cap Node closes new sockets at once: bounded files and memory whatever connects.
  server.maxConnections = maxConnections;
  server.on('drop', onRefused);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host, port, backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

export async function closeServer(server: Server, sockets: Iterable<Socket>): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const s of sockets) s.destroy();
  await closed;
}
