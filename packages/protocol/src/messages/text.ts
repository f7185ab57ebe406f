/**
 * 0x8300 text message (JT/T 808 §8.23; reference §6). Flag bits: @headway/spec's TEXT_FLAG_BITS and TEXT_KIND_2019,
 * named by `textFlags(flag)`.
 */
import { defineCodec } from './codec.ts';

export interface TextMessage {
  /** TEXT_FLAG_BITS; in 2019 bits 0–1 are the kind (TEXT_KIND_2019). */
  flag: number;
  /** 2019 only: TEXT_TYPES_2019 (1 notice, 2 service). */
  textType?: number;
  text: string;
}

export const textCodecs = [
  defineCodec(
    0x8300,
    'text message',
    (r, ctx): TextMessage => {
      const flag = r.u8();
      if (ctx.version === 2019) return { flag, textType: r.u8(), text: r.strRest() };
      return { flag, text: r.strRest() };
    },
    (w, b, ctx) => {
      w.u8(b.flag);
      if (ctx.version === 2019) w.u8(b.textType ?? 1);
      w.strRest(b.text);
      if (ctx.version === 2011) w.u8(0);
    },
  ),
] as const;

/**
 * 0x6006 terminal text report — a vendor message (not in JT/T 808), seen by traccar's decoder: an encoding
 * BYTE then GBK text to the end of the body. Answered with 0x8001.
 */
export interface TerminalTextReport {
  /** Vendor encoding marker (traccar reads the text as GBK whatever it says). */
  encoding: number;
  text: string;
}

export const vendorTextCodecs = [
  defineCodec(
    0x6006,
    'terminal text report (vendor)',
    (r): TerminalTextReport => ({ encoding: r.u8(), text: r.strRest() }),
    (w, b) => {
      w.u8(b.encoding).strRest(b.text);
    },
  ),
] as const;
