import { connect, type Socket } from 'node:net';

/**
 * Opens a terminal's media connection to the server a 0x9101/0x9201 names. The platform may announce 0.0.0.0
 * (a server bound to all interfaces) or an address the simulator cannot reach (its public one, seen from inside the
 * same machine or network): the host that carries the terminal's JT/T 808 link is then the best guess for the
 * media port, and is tried second.
 */
export async function connectMediaServer(
  ip: string,
  port: number,
  linkHost: string,
  timeoutMs: number,
): Promise<Socket> {
  const usable = ip !== '' && ip !== '0.0.0.0' && ip !== '::';
  const hosts = usable ? [ip, ...(ip !== linkHost ? [linkHost] : [])] : [linkHost];
  let lastError: unknown = new Error('no host to connect to');
  for (const host of hosts) {
    try {
      return await connectOne(host, port, timeoutMs);
    } catch (e) {
      lastError = e;
    }
  }
  throw lastError;
}

function connectOne(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`media server ${host}:${port} did not answer`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}
