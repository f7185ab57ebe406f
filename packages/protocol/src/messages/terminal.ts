/** Terminal control and attributes: 0x8105, 0x8107 → 0x0107 (JT/T 808 §8.12–8.14; reference §4). */
import type { Reader } from '../codec/bytes.ts';
import { encodeGbk } from '../codec/text.ts';
import { defineCodec, emptyCodec } from './codec.ts';

/** 0x8105 terminal control. */
export interface TerminalControl {
  /** 1 upgrade (2013), 2 connect to server, 3 power off, 4 reset, 5 factory reset, 6 close data link, 7 close all links. */
  command: number;
  /** Command parameters, `;`-separated (GBK); empty when the command has none. */
  param: string;
}

/** 0x0107 terminal attributes. */
export interface TerminalAttributes {
  /** @headway/spec TERMINAL_TYPE_BITS (passenger, dangerous goods, freight, taxi, HDD recording, split unit, trailer). */
  terminalType: number;
  maker: string;
  model: string;
  terminalId: string;
  /** SIM ICCID, BCD[10] as 20 digits. */
  iccid: string;
  hwVersion: string;
  fwVersion: string;
  /** @headway/spec GNSS_MODULE_BITS (GPS, BeiDou, GLONASS, Galileo). */
  gnssAttr: number;
  /** @headway/spec COMM_MODULE_BITS (GPRS, CDMA, TD-SCDMA, WCDMA, CDMA2000, TD-LTE, other). */
  commAttr: number;
}

/**
 * 2019 table 20 prints maker BYTE[5] but some devices send BYTE[11] (reference §4.2): pick the width for which the
 * two length-prefixed version strings and the two attribute bytes end exactly at the end of the body.
 */
function makerLength2019(r: Reader): number {
  const fits = (maker: number): boolean => {
    let p = r.pos + 2 + maker + 30 + 30 + 10;
    if (p >= r.end) return false;
    p += 1 + r.buf[p]!;
    if (p >= r.end) return false;
    p += 1 + r.buf[p]!;
    return p + 2 === r.end;
  };
  if (fits(5)) return 5;
  if (fits(11)) return 11;
  return 5;
}

export const terminalCodecs = [
  defineCodec(
    0x8105,
    'terminal control',
    (r): TerminalControl => ({ command: r.u8(), param: r.strRest() }),
    (w, b) => {
      w.u8(b.command).strRest(b.param);
    },
  ),
  emptyCodec(0x8107, 'query terminal attributes'),
  defineCodec(
    0x0107,
    'query terminal attributes response',
    (r, ctx): TerminalAttributes => {
      const v2019 = ctx.version === 2019;
      const makerLen = v2019 ? makerLength2019(r) : 5;
      return {
        terminalType: r.u16(),
        maker: r.str(makerLen),
        model: r.str(v2019 ? 30 : 20),
        terminalId: r.str(v2019 ? 30 : 7),
        iccid: r.bcd(10),
        hwVersion: r.str8(),
        fwVersion: r.str8(),
        gnssAttr: r.u8(),
        commAttr: r.u8(),
      };
    },
    (w, b, ctx) => {
      const v2019 = ctx.version === 2019;
      const makerLen = v2019 && encodeGbk(b.maker).length > 5 ? 11 : 5;
      w.u16(b.terminalType)
        .str(b.maker, makerLen)
        .str(b.model, v2019 ? 30 : 20)
        .str(b.terminalId, v2019 ? 30 : 7)
        .bcd(b.iccid, 10)
        .str8(b.hwVersion)
        .str8(b.fwVersion)
        .u8(b.gnssAttr)
        .u8(b.commAttr);
    },
  ),
] as const;
