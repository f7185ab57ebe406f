import type { Socket } from 'node:net';
import { RtpSplitter } from '@headway/protocol';
import type { GatewayMetrics } from './metrics.ts';

/**
 * JT/T 1078 media port: for now accepts stream packets and accounts for them (count, bytes, per terminal SIM).
 * Remuxing to FLV for playback is a later issue; the splitter already bounds what one connection can buffer.
 */
export function serveMedia(socket: Socket, metrics: GatewayMetrics, sockets: Set<Socket>): void {
  sockets.add(socket);
  metrics.media.connections++;
  const splitter = new RtpSplitter({ onDrop: (bytes) => (metrics.media.droppedBytes += bytes) });
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 60_000);
  socket.on('data', (chunk: Buffer) => {
    for (const packet of splitter.push(chunk)) metrics.mediaPacket(packet.sim, packet.payload.length + 30);
  });
  // No heartbeat on these links: a connection silent for two minutes is gone.
  socket.setTimeout(120_000, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('close', () => {
    sockets.delete(socket);
    metrics.media.connections--;
  });
}
