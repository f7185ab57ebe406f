/**
 * Session and general messages: general responses, heartbeat, logout, time, register, authenticate,
 * fragment retransmission requests (JT/T 808 §8.1–§8.7, 2019 §8.4–8.6; reference §2, §1.3).
 */
import type { LocalTime } from '../codec/bcd.ts';
import type { Reader, Writer } from '../codec/bytes.ts';
import { type BodyContext, defineCodec, emptyCodec } from './codec.ts';

/** 0x0001 terminal / 0x8001 platform general response. */
export interface GeneralResponse {
  replyFlowId: number;
  replyMsgId: number;
  /** 0 ok, 1 failed, 2 bad message, 3 unsupported; 0x8001 adds 4 = alarm handled. */
  result: number;
}

export const GeneralResult = { ok: 0, failed: 1, badMessage: 2, unsupported: 3, alarmConfirmed: 4 } as const;

function decodeGeneral(r: Reader): GeneralResponse {
  return { replyFlowId: r.u16(), replyMsgId: r.u16(), result: r.u8() };
}
function encodeGeneral(w: Writer, b: GeneralResponse): void {
  w.u16(b.replyFlowId).u16(b.replyMsgId).u8(b.result);
}

/** 0x8004 (2019): platform time, BCD[6] in **UTC** (unlike every other time in the standard). */
export interface ServerTime {
  time: LocalTime;
}

/** 0x0100 terminal registration. Fixed-width text fields have 0x00 stripped on both sides; other padding is kept. */
export interface Register {
  province: number;
  city: number;
  maker: string;
  model: string;
  terminalId: string;
  /** 0 no plate (plate then holds the VIN), 1 blue, 2 yellow, 3 black, 4 white, 9 other. */
  plateColor: number;
  plate: string;
}

/** Field widths of maker / model / terminal ID per edition (reference §2.3). */
const REGISTER_LAYOUT = {
  2011: [5, 8, 7],
  2013: [5, 20, 7],
  2019: [11, 30, 30],
} as const;

function registerLayout(r: Reader, ctx: BodyContext): readonly [number, number, number] {
  // 2011 and 2013 share a header; a body shorter than the 2013 fixed part (37) can only be 2011 (reference §2.3).
  if (ctx.version === 2013 && r.remaining < 37) return REGISTER_LAYOUT[2011];
  return REGISTER_LAYOUT[ctx.version];
}

/** 0x8100 registration response. */
export interface RegisterResponse {
  replyFlowId: number;
  /** 0 ok, 1 vehicle already registered, 2 vehicle not in database, 3 terminal already registered, 4 terminal not in database. */
  result: number;
  /** Authentication token; only present when result is 0. */
  token?: string;
}

/** 0x0102 terminal authentication. 2019 adds IMEI and software version. */
export interface Authenticate {
  token: string;
  imei?: string;
  softwareVersion?: string;
}

/** 0x8003 platform / 0x0005 terminal (2019): ask for missing fragments again. */
export interface RetransmitRequest {
  /** Flow id of the first fragment of the original message. */
  originalFlowId: number;
  /** Packet indices to resend. */
  packetIds: number[];
}

function decodeRetransmit(r: Reader, ctx: BodyContext): RetransmitRequest {
  const originalFlowId = r.u16();
  // 2013 count is a BYTE, 2019 a WORD (reference §1.3).
  const n = ctx.version === 2019 ? r.u16() : r.u8();
  const packetIds: number[] = [];
  for (let i = 0; i < n; i++) packetIds.push(r.u16());
  return { originalFlowId, packetIds };
}
function encodeRetransmit(w: Writer, b: RetransmitRequest, ctx: BodyContext): void {
  w.u16(b.originalFlowId);
  if (ctx.version === 2019) w.u16(b.packetIds.length);
  else w.u8(b.packetIds.length);
  for (const id of b.packetIds) w.u16(id);
}

export const sessionCodecs = [
  defineCodec(0x0001, 'terminal general response', decodeGeneral, encodeGeneral),
  defineCodec(0x8001, 'platform general response', decodeGeneral, encodeGeneral),
  emptyCodec(0x0002, 'heartbeat'),
  emptyCodec(0x0003, 'logout'),
  emptyCodec(0x0004, 'query server time'),
  defineCodec(
    0x8004,
    'server time response',
    (r): ServerTime => ({ time: r.time() }),
    (w, b) => {
      w.time(b.time);
    },
  ),
  emptyCodec(0x8204, 'link check'),
  defineCodec(0x8003, 'retransmit request (platform)', decodeRetransmit, encodeRetransmit),
  defineCodec(0x0005, 'retransmit request (terminal)', decodeRetransmit, encodeRetransmit),
  defineCodec(
    0x0100,
    'register',
    (r, ctx): Register => {
      const [makerLen, modelLen, idLen] = registerLayout(r, ctx);
      return {
        province: r.u16(),
        city: r.u16(),
        maker: r.str(makerLen),
        model: r.str(modelLen),
        terminalId: r.str(idLen),
        plateColor: r.u8(),
        plate: r.strRest(),
      };
    },
    (w, b, ctx) => {
      const [makerLen, modelLen, idLen] = REGISTER_LAYOUT[ctx.version];
      w.u16(b.province).u16(b.city).str(b.maker, makerLen).str(b.model, modelLen).str(b.terminalId, idLen);
      w.u8(b.plateColor).strRest(b.plate);
      if (ctx.version === 2011) w.u8(0); // 2011 STRING is NUL-terminated
    },
  ),
  defineCodec(
    0x8100,
    'register response',
    (r): RegisterResponse => {
      const replyFlowId = r.u16();
      const result = r.u8();
      return result === 0 || r.remaining > 0 ? { replyFlowId, result, token: r.strRest() } : { replyFlowId, result };
    },
    (w, b) => {
      w.u16(b.replyFlowId).u8(b.result);
      if (b.token !== undefined) w.strRest(b.token);
    },
  ),
  defineCodec(
    0x0102,
    'authenticate',
    (r, ctx): Authenticate => {
      if (ctx.version !== 2019) return { token: r.strRest() };
      return { token: r.str8(), imei: r.str(15), softwareVersion: r.str(20) };
    },
    (w, b, ctx) => {
      if (ctx.version !== 2019) {
        w.strRest(b.token);
        if (ctx.version === 2011) w.u8(0);
        return;
      }
      w.str8(b.token)
        .str(b.imei ?? '', 15)
        .str(b.softwareVersion ?? '', 20);
    },
  ),
] as const;
