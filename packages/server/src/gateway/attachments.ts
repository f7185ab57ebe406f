import type { Socket } from 'node:net';
import {
  AttachmentSplitter,
  decodeFrame,
  encodeMessage,
  encodePlatformResponse,
  replyOptions,
} from '@headway/protocol';
import type { GatewayMetrics } from './metrics.ts';

/**
 * T/JSATL 12 attachment port (§10.2): answers the signalling (0x1210/0x1211 → 0x8001, 0x1212 → 0x9212) and
 * counts the file data. Storing files and asking for missing ranges is the active-safety issue's; until then
 * every file is reported complete so terminals do not loop on resends.
 */
export function serveAttachments(socket: Socket, metrics: GatewayMetrics, sockets: Set<Socket>): void {
  sockets.add(socket);
  metrics.attachments.connections++;
  let flowId = 0;
  const splitter = new AttachmentSplitter({ onDrop: (_reason, bytes) => (metrics.attachments.droppedBytes += bytes) });
  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    for (const unit of splitter.push(chunk)) {
      if (unit.kind === 'file-data') {
        metrics.attachments.fileBytes += unit.packet.data.length;
        continue;
      }
      const r = decodeFrame(unit.bytes);
      if (!r.ok) {
        metrics.decodeError(r.error.code);
        continue;
      }
      const m = r.message;
      metrics.attachments.frames++;
      metrics.frameIn(m.msgId);
      flowId = (flowId + 1) & 0xffff;
      if (m.kind === 'message' && m.msgId === 0x1212) {
        metrics.attachments.files++;
        const body = { name: m.body.name, fileType: m.body.fileType, result: 0, retransmit: [] };
        socket.write(encodeMessage({ msgId: 0x9212, body }, replyOptions(m.header, flowId)));
        metrics.frameOut(0x9212);
      } else {
        socket.write(encodePlatformResponse(m.header, flowId, m.kind === 'unknown' ? 3 : 0));
        metrics.frameOut(0x8001);
      }
    }
  });
  // No heartbeat on these links: a connection silent for two minutes is gone.
  socket.setTimeout(120_000, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('close', () => {
    sockets.delete(socket);
    metrics.attachments.connections--;
  });
}
