/** 0x0900 uplink / 0x8900 downlink data pass-through (JT/T 808 §8.62–8.63). */
import type { Reader, Writer } from '../codec/bytes.ts';
import { defineCodec } from './codec.ts';

export interface PassThrough {
  /** 0x00 GNSS detail, 0x0B IC card, 0x41/0x42 serial ports, 0xF0–0xFF vendor (JSATL: 0xF7 peripheral status, 0xF8 peripheral info). */
  type: number;
  data: Uint8Array;
}

const decode = (r: Reader): PassThrough => ({ type: r.u8(), data: r.rest() });
const encode = (w: Writer, b: PassThrough): void => {
  w.u8(b.type).bytes(b.data);
};

export const passThroughCodecs = [
  defineCodec(0x0900, 'uplink pass-through', decode, encode),
  defineCodec(0x8900, 'downlink pass-through', decode, encode),
] as const;
