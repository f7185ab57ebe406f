/**
 * T/JSATL 12-2017 active-safety attachment signalling: 0x9208 on the main link; 0x1210, 0x1211, 0x1212 and
 * 0x9212 on the attachment-server link (reference §10.2). GDRTA 002 widens the identification to 40 bytes and
 * the 0x1210 terminal ID to 30.
 */
import type { Reader, Writer } from '../codec/bytes.ts';
import { type AlarmIdent, alarmIdentLength, readAlarmIdent, writeAlarmIdent } from '../location/alarm-ident.ts';
import { type BodyContext, defineCodec, identLength } from './codec.ts';

/** 0x9208 alarm attachment upload request. */
export interface AlarmAttachmentRequest {
  ip: string;
  tcpPort: number;
  udpPort: number;
  alarmIdent: AlarmIdent;
  /** The platform's unique alarm number (BYTE[32], e.g. 32 hex characters). */
  alarmNo: string;
  /** BYTE[16] reserved. */
  reserved: Uint8Array;
}

export interface AttachmentEntry {
  name: string;
  size: number;
}

/** 0x1210 alarm attachment list. */
export interface AlarmAttachmentList {
  terminalId: string;
  alarmIdent: AlarmIdent;
  alarmNo: string;
  /** 0 normal, 1 re-upload after a broken session. */
  infoType: number;
  files: AttachmentEntry[];
}

/** 0x1211 attachment file information, and 0x1212 file upload done (same layout). */
export interface AttachmentFileInfo {
  name: string;
  /** 0 picture, 1 audio, 2 video, 3 text, 4 other. */
  fileType: number;
  size: number;
}

export type AttachmentFileDone = AttachmentFileInfo;

/** 0x9212 file upload done response. */
export interface AttachmentFileDoneResponse {
  name: string;
  fileType: number;
  /** 0 complete, 1 resend needed. */
  result: number;
  retransmit: { offset: number; length: number }[];
}

/** 0x9208: the identification length is what is left after the fixed fields (16 + 32 + 16 or 40 + 32 + 16). */
function identFor9208(r: Reader, ctx: BodyContext): 16 | 40 {
  if (ctx.alarmIdent === 'auto') {
    const rest = r.remaining;
    if (rest === 64) return 16;
    if (rest === 88) return 40;
  }
  return identLength(ctx);
}

/** 0x1210: try both layouts and keep the one whose file list ends exactly at the end of the body. */
function identFor1210(r: Reader, ctx: BodyContext): 16 | 40 {
  if (ctx.alarmIdent === 'auto') {
    for (const [il, tid] of [
      [16, 7],
      [40, 30],
    ] as const) {
      let p = r.pos + tid + il + 32 + 1;
      if (p >= r.end) continue;
      const n = r.buf[p++]!;
      let ok = true;
      for (let i = 0; i < n && ok; i++) {
        if (p >= r.end) ok = false;
        else p += 1 + r.buf[p]! + 4;
      }
      if (ok && p === r.end) return il;
    }
  }
  return identLength(ctx);
}

const fileInfo = {
  decode: (r: Reader): AttachmentFileInfo => ({ name: r.str8(), fileType: r.u8(), size: r.u32() }),
  encode: (w: Writer, b: AttachmentFileInfo): void => {
    w.str8(b.name).u8(b.fileType).u32(b.size);
  },
};

export const activeSafetyCodecs = [
  defineCodec(
    0x9208,
    'alarm attachment upload request',
    (r, ctx): AlarmAttachmentRequest => {
      const ip = r.str8();
      const tcpPort = r.u16();
      const udpPort = r.u16();
      const alarmIdent = readAlarmIdent(r, identFor9208(r, ctx));
      return { ip, tcpPort, udpPort, alarmIdent, alarmNo: r.str(32), reserved: r.bytes(16) };
    },
    (w, b) => {
      w.str8(b.ip).u16(b.tcpPort).u16(b.udpPort);
      writeAlarmIdent(w, b.alarmIdent);
      w.str(b.alarmNo, 32).fixed(b.reserved, 16);
    },
  ),
  defineCodec(
    0x1210,
    'alarm attachment list',
    (r, ctx): AlarmAttachmentList => {
      const il = identFor1210(r, ctx);
      const terminalId = r.str(il === 40 ? 30 : 7);
      const alarmIdent = readAlarmIdent(r, il);
      const alarmNo = r.str(32);
      const infoType = r.u8();
      const n = r.u8();
      const files: AttachmentEntry[] = [];
      for (let i = 0; i < n; i++) {
        if (ctx.partial && r.remaining === 0) break;
        files.push({ name: r.str8(), size: r.u32() });
      }
      return { terminalId, alarmIdent, alarmNo, infoType, files };
    },
    (w, b) => {
      const wide = alarmIdentLength(b.alarmIdent) === 40;
      w.str(b.terminalId, wide ? 30 : 7);
      writeAlarmIdent(w, b.alarmIdent);
      w.str(b.alarmNo, 32).u8(b.infoType).u8(b.files.length);
      for (const f of b.files) w.str8(f.name).u32(f.size);
    },
  ),
  defineCodec(0x1211, 'attachment file information', fileInfo.decode, fileInfo.encode),
  defineCodec(0x1212, 'attachment file upload done', fileInfo.decode, fileInfo.encode),
  defineCodec(
    0x9212,
    'attachment file upload done response',
    (r): AttachmentFileDoneResponse => {
      const name = r.str8();
      const fileType = r.u8();
      const result = r.u8();
      const n = r.u8();
      const retransmit: { offset: number; length: number }[] = [];
      for (let i = 0; i < n; i++) retransmit.push({ offset: r.u32(), length: r.u32() });
      return { name, fileType, result, retransmit };
    },
    (w, b) => {
      w.str8(b.name).u8(b.fileType).u8(b.result).u8(b.retransmit.length);
      for (const x of b.retransmit) w.u32(x.offset).u32(x.length);
    },
  ),
] as const;
