import type { Socket } from 'node:net';
import {
  type AttachmentChunk,
  AttachmentSplitter,
  decodeFrame,
  encodeMessage,
  encodePlatformResponse,
  type Jt808Header,
  type Jt808Message,
  replyOptions,
} from '@headway/protocol';
import type { EvidenceIntake } from '../alarms/evidence/intake.ts';
import type { GatewayMetrics } from './metrics.ts';

/** Bytes read ahead of the store before the socket is paused (a terminal sends 64 KiB pieces). */
const HIGH_WATER = 2 * 1024 * 1024;
const LOW_WATER = 256 * 1024;

function unitBytes(unit: AttachmentChunk): number {
  return unit.kind === 'frame' ? unit.bytes.length : unit.packet.data.length + 62;
}

/**
 * T/JSATL 12 attachment port (§4.6, reference §10.2): one connection per alarm upload, 808 frames (0x1210 list,
 * 0x1211 file info, 0x1212 done) interleaved with raw file-data packets. Units are handed to the evidence intake
 * (alarms/evidence) one at a time in arrival order, the socket paused while the store falls behind. Without an
 * intake (a bare gateway in tests) it only answers the signalling and counts, reporting every file complete.
 */
export function serveAttachments(
  socket: Socket,
  metrics: GatewayMetrics,
  sockets: Set<Socket>,
  intake?: EvidenceIntake,
): void {
  sockets.add(socket);
  metrics.attachments.connections++;
  let flowId = 0;
  const splitter = new AttachmentSplitter({ onDrop: (_reason, bytes) => (metrics.attachments.droppedBytes += bytes) });
  const upload = intake?.upload(socket.remoteAddress ?? '');
  const queue: AttachmentChunk[] = [];
  let queued = 0;
  let ending = false;
  let working: Promise<void> | undefined;

  const send = (header: Jt808Header, message: Jt808Message) => {
    flowId = (flowId + 1) & 0xffff;
    socket.write(encodeMessage(message, replyOptions(header, flowId)));
    metrics.frameOut(message.msgId);
  };
  const acknowledge = (header: Jt808Header, result: number, close = false) => {
    flowId = (flowId + 1) & 0xffff;
    socket.write(encodePlatformResponse(header, flowId, result));
    metrics.frameOut(0x8001);
    if (close) {
      ending = true;
      socket.end();
    }
  };

  const handle = async (unit: AttachmentChunk): Promise<void> => {
    if (unit.kind === 'file-data') {
      metrics.attachments.fileBytes += unit.packet.data.length;
      await upload?.data(unit.packet);
      return;
    }
    const r = decodeFrame(unit.bytes);
    if (!r.ok) {
      metrics.decodeError(r.error.code);
      return;
    }
    const m = r.message;
    metrics.attachments.frames++;
    metrics.frameIn(m.msgId);
    if (m.kind !== 'message') {
      acknowledge(m.header, m.kind === 'unknown' ? 3 : 0);
      return;
    }
    switch (m.msgId) {
      case 0x1210: {
        const reply = upload ? await upload.list(m.header.phone, m.body) : { result: 0 };
        acknowledge(m.header, reply.result, reply.close);
        return;
      }
      case 0x1211: {
        const reply = upload ? await upload.info(m.body) : { result: 0 };
        acknowledge(m.header, reply.result, reply.close);
        return;
      }
      case 0x1212: {
        metrics.attachments.files++;
        const body = upload
          ? await upload.done(m.body)
          : { name: m.body.name, fileType: m.body.fileType, result: 0, retransmit: [] };
        send(m.header, { msgId: 0x9212, body });
        return;
      }
      default:
        acknowledge(m.header, 0);
    }
  };

  const pump = async (): Promise<void> => {
    try {
      while (queue.length > 0 && !ending) {
        const unit = queue.shift() as AttachmentChunk;
        queued -= unitBytes(unit);
        await handle(unit);
        if (queued < LOW_WATER && socket.isPaused()) socket.resume();
      }
    } catch (err) {
      // The store or the database failed: the terminal re-uploads later (its files are not marked complete).
      intake?.log.warn('evidence:store', { err, remote: socket.remoteAddress }, 'attachment upload failed');
      ending = true;
      socket.destroy();
    } finally {
      working = undefined;
    }
  };

  socket.setNoDelay(true);
  socket.on('data', (chunk: Buffer) => {
    if (ending) return;
    for (const unit of splitter.push(chunk)) {
      queue.push(unit);
      queued += unitBytes(unit);
    }
    if (queued > HIGH_WATER) socket.pause();
    // A non-empty queue means pump awaits at least once, so `working` is set before its finally clears it.
    if (!working && queue.length > 0) working = pump();
  });
  // No heartbeat on these links: a connection silent for two minutes is gone.
  socket.setTimeout(120_000, () => socket.destroy());
  socket.on('error', () => {});
  socket.on('close', () => {
    ending = true;
    sockets.delete(socket);
    metrics.attachments.connections--;
    // After the unit in hand: a piece being written must not land after its file was dropped.
    void (working ?? Promise.resolve()).then(() => upload?.close()).catch(() => undefined);
  });
}
