import { connect } from 'node:net';
import {
  type AlarmIdent,
  AttachmentSplitter,
  decodeFrame,
  encodeFileDataPacket,
  encodeMessage,
  type Jt808Message,
} from '@headway/protocol';

export interface AttachmentFile {
  name: string;
  /** 0 picture, 1 audio, 2 video, 3 text, 4 other. */
  fileType: number;
  data: Uint8Array;
}

export interface UploadTarget {
  host: string;
  port: number;
  phone: string;
  version: 2013 | 2019;
  terminalId: string;
  alarmIdent: AlarmIdent;
  alarmNo: string;
}

/** File data per packet: the standard's default 64 KiB (a picture in one packet, the clip in a few). */
const PIECE = 64 * 1024;

/**
 * Uploads an alarm's files to the attachment server the platform named in 0x9208 (T/JSATL 12 §4.6 / reference
 * §10.2): 0x1210 file list, then per file 0x1211 info, the raw file-data packets (30 31 63 64 …), 0x1212 done;
 * the server answers 0x8001 to the signalling and 0x9212 to each done, asking for missing ranges if any (resent
 * once). Resolves with the number of files the server confirmed complete.
 */
export function uploadAttachments(target: UploadTarget, files: AttachmentFile[], timeoutMs = 15_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port, noDelay: true });
    const splitter = new AttachmentSplitter();
    let flowId = 0;
    let confirmed = 0;
    const waiting = new Map<
      string,
      (message: Extract<ReturnType<typeof decodeFrame>, { ok: true }>['message']) => void
    >();
    const timer = setTimeout(() => finish(new Error('attachment upload timed out')), timeoutMs);
    const finish = (err?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(confirmed);
    };
    const send = (message: Jt808Message) => {
      socket.write(encodeMessage(message, { version: target.version, phone: target.phone, flowId }));
      flowId = (flowId + 1) & 0xffff;
    };
    const reply = (key: string) =>
      new Promise<Extract<ReturnType<typeof decodeFrame>, { ok: true }>['message']>((res) => waiting.set(key, res));
    socket.on('data', (chunk) => {
      for (const unit of splitter.push(chunk)) {
        if (unit.kind !== 'frame') continue;
        const r = decodeFrame(unit.bytes, { version: target.version });
        if (!r.ok) continue;
        const m = r.message;
        const key =
          m.kind === 'message' && m.msgId === 0x8001 ? `8001:${m.body.replyMsgId}` : `${m.msgId.toString(16)}`;
        const w = waiting.get(key);
        if (w) {
          waiting.delete(key);
          w(m);
        }
      }
    });
    socket.on('error', (err) => finish(err));
    socket.on('connect', async () => {
      try {
        send({
          msgId: 0x1210,
          body: {
            terminalId: target.terminalId,
            alarmIdent: target.alarmIdent,
            alarmNo: target.alarmNo,
            infoType: 0,
            files: files.map((f) => ({ name: f.name, size: f.data.length })),
          },
        });
        await reply('8001:4624'); // 0x1210
        for (const file of files) {
          const info = { name: file.name, fileType: file.fileType, size: file.data.length };
          send({ msgId: 0x1211, body: info });
          await reply('8001:4625'); // 0x1211
          for (let offset = 0; offset < file.data.length; offset += PIECE) {
            socket.write(
              encodeFileDataPacket({ fileName: file.name, offset, data: file.data.subarray(offset, offset + PIECE) }),
            );
          }
          send({ msgId: 0x1212, body: info });
          const done = await reply('9212');
          if (done.kind === 'message' && done.msgId === 0x9212 && done.body.result !== 0) {
            for (const range of done.body.retransmit) {
              const data = file.data.subarray(range.offset, range.offset + range.length);
              socket.write(encodeFileDataPacket({ fileName: file.name, offset: range.offset, data }));
            }
            send({ msgId: 0x1212, body: info });
            await reply('9212');
          }
          confirmed++;
        }
        finish();
      } catch (err) {
        finish(err as Error);
      }
    });
  });
}

/**
 * T/JSATL 12 file name: fileType_channel_alarmType_sequence_alarmNo.ext, e.g. 00_64_6401_1_<alarmNo>.jpg for the
 * first picture of an ADAS forward-collision alarm (channel 64 ADAS, 65 DSM, or a video channel).
 */
export function attachmentName(
  fileType: number,
  channel: number,
  alarmCode: string,
  seq: number,
  alarmNo: string,
): string {
  const ext = fileType === 0 ? 'jpg' : fileType === 2 ? 'mp4' : 'bin';
  return `${String(fileType).padStart(2, '0')}_${channel}_${alarmCode}_${seq}_${alarmNo}.${ext}`;
}
