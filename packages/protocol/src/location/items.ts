/**
 * 0x0200 additional information items (JT/T 808-2013 table 27, 2019 additions, JT/T 1078 table 13, T/JSATL 12).
 * Each item is ID BYTE + length BYTE + value. The length byte is always honoured — devices send non-standard
 * lengths and duplicates (reference §5.4) — and an item whose length does not match its standard layout is kept
 * raw rather than guessed at.
 */
import type { Reader, Writer } from '../codec/bytes.ts';
import { CodecFault } from '../codec/errors.ts';
import {
  type AdasAlarm,
  type BsdAlarm,
  type DsmAlarm,
  readAdas,
  readBsd,
  readDsm,
  readTpms,
  type TpmsAlarm,
  writeAdas,
  writeBsd,
  writeDsm,
  writeTpms,
} from './safety-items.ts';

export type LocationItem =
  /** Odometer, 1/10 km on the wire. */
  | { id: 0x01; mileageKm: number }
  /** Fuel, 1/10 L on the wire. */
  | { id: 0x02; fuelL: number }
  /** Tachograph speed, 1/10 km/h on the wire. */
  | { id: 0x03; recorderSpeedKmh: number }
  /** ID of an alarm event that needs manual confirmation. */
  | { id: 0x04; alarmEventId: number }
  /** 2019: one byte per tyre, 0xFF = no data. */
  | { id: 0x05; tyrePressure: number[] }
  /** 2019: cargo temperature °C (sign-magnitude on the wire). */
  | { id: 0x06; cargoTemperature: number }
  /** Over-speed: area type 0 none, 1 circle, 2 rectangle, 3 polygon, 4 segment; areaId absent for type 0. */
  | { id: 0x11; areaType: number; areaId?: number }
  /** Enter/leave area or route: direction 0 in, 1 out. */
  | { id: 0x12; areaType: number; areaId: number; direction: number }
  /** Segment drive time: result 0 too short, 1 too long. */
  | { id: 0x13; routeId: number; driveTime: number; result: number }
  /** JT/T 1078 video alarm bits. */
  | { id: 0x14; videoAlarm: number }
  /** JT/T 1078 video signal loss, bit n = logical channel n+1. */
  | { id: 0x15; signalLossChannels: number }
  /** JT/T 1078 video occlusion, bit n = logical channel n+1. */
  | { id: 0x16; occlusionChannels: number }
  /** JT/T 1078 storage fault: bits 0–11 main disks, 12–15 backup disks. */
  | { id: 0x17; storageFault: number }
  /** JT/T 1078 abnormal driving: bits 0 fatigue, 1 phone, 2 smoking; fatigue level when the device sends 3 bytes. */
  | { id: 0x18; abnormalDriving: number; fatigueLevel?: number }
  /** Extended vehicle signals (lights, brake, reverse, …). */
  | { id: 0x25; extSignal: number }
  /** IO status: bit 0 deep sleep, bit 1 sleep. */
  | { id: 0x2a; ioStatus: number }
  /** Analogue inputs AD0 (low word) and AD1 (high word). */
  | { id: 0x2b; ad0: number; ad1: number }
  /** Mobile network signal strength. */
  | { id: 0x30; rssi: number }
  /** GNSS satellites in use. */
  | { id: 0x31; satellites: number }
  | { id: 0x64; adas: AdasAlarm }
  | { id: 0x65; dsm: DsmAlarm }
  | { id: 0x66; tpms: TpmsAlarm }
  | { id: 0x67; bsd: BsdAlarm }
  | RawItem;

/** Vendor item, unknown ID, or a known ID with a non-standard length: the value bytes as sent. */
export interface RawItem {
  id: number;
  raw: Uint8Array;
}

export type KnownItem = Exclude<LocationItem, RawItem>;

export function isRawItem(item: LocationItem): item is RawItem {
  return (item as RawItem).raw !== undefined;
}

/** Reads one item value of `len` bytes at r.pos (r.end is the item end). Returns a RawItem when the layout does not fit. */
function readItem(r: Reader, id: number, len: number): LocationItem {
  switch (id) {
    case 0x01:
      if (len === 4) return { id, mileageKm: r.u32() / 10 };
      break;
    case 0x02:
      if (len === 2) return { id, fuelL: r.u16() / 10 };
      break;
    case 0x03:
      if (len === 2) return { id, recorderSpeedKmh: r.u16() / 10 };
      break;
    case 0x04:
      if (len === 2) return { id, alarmEventId: r.u16() };
      break;
    case 0x05:
      if (len === 30) return { id, tyrePressure: Array.from(r.bytes(30)) };
      break;
    case 0x06:
      if (len === 2) {
        const v = r.u16();
        return { id, cargoTemperature: v & 0x8000 ? -(v & 0x7fff) : v };
      }
      break;
    case 0x11:
      if (len === 1) return { id, areaType: r.u8() };
      if (len === 5) return { id, areaType: r.u8(), areaId: r.u32() };
      break;
    case 0x12:
      if (len === 6) return { id, areaType: r.u8(), areaId: r.u32(), direction: r.u8() };
      break;
    case 0x13:
      if (len === 7) return { id, routeId: r.u32(), driveTime: r.u16(), result: r.u8() };
      break;
    case 0x14:
      if (len === 4) return { id, videoAlarm: r.u32() };
      break;
    case 0x15:
      if (len === 4) return { id, signalLossChannels: r.u32() };
      break;
    case 0x16:
      if (len === 4) return { id, occlusionChannels: r.u32() };
      break;
    case 0x17:
      if (len === 2) return { id, storageFault: r.u16() };
      break;
    case 0x18:
      // Table 13 says 2 bytes, table 15 defines 3; devices send 3 (reference §5.4).
      if (len === 2) return { id, abnormalDriving: r.u16() };
      if (len === 3) return { id, abnormalDriving: r.u16(), fatigueLevel: r.u8() };
      break;
    case 0x25:
      if (len === 4) return { id, extSignal: r.u32() };
      break;
    case 0x2a:
      if (len === 2) return { id, ioStatus: r.u16() };
      break;
    case 0x2b:
      if (len === 4) {
        const v = r.u32();
        return { id, ad0: v & 0xffff, ad1: v >>> 16 };
      }
      break;
    case 0x30:
      if (len === 1) return { id, rssi: r.u8() };
      break;
    case 0x31:
      if (len === 1) return { id, satellites: r.u8() };
      break;
    case 0x64: {
      const adas = readAdas(r, len);
      if (adas) return { id, adas };
      break;
    }
    case 0x65: {
      const dsm = readDsm(r, len);
      if (dsm) return { id, dsm };
      break;
    }
    case 0x66: {
      const tpms = readTpms(r, len);
      if (tpms) return { id, tpms };
      break;
    }
    case 0x67: {
      const bsd = readBsd(r, len);
      if (bsd) return { id, bsd };
      break;
    }
  }
  return { id, raw: r.bytes(len) };
}

/** Reads items from r.pos to r.end. An item whose declared length overruns the body is a BODY_TOO_SHORT error. */
export function readItems(r: Reader): LocationItem[] {
  const items: LocationItem[] = [];
  const buf = r.buf;
  while (r.pos < r.end) {
    r.need(2);
    const id = buf[r.pos]!;
    const len = buf[r.pos + 1]!;
    r.pos += 2;
    r.need(len);
    const itemEnd = r.pos + len;
    const end = r.end;
    r.end = itemEnd; // a nested layout may not read past its own length byte
    const item = readItem(r, id, len);
    r.end = end;
    r.pos = itemEnd;
    items.push(item);
  }
  return items;
}

function writeItemValue(w: Writer, item: LocationItem): void {
  if (isRawItem(item)) {
    w.bytes(item.raw);
    return;
  }
  switch (item.id) {
    case 0x01:
      w.u32(Math.round(item.mileageKm * 10));
      return;
    case 0x02:
      w.u16(Math.round(item.fuelL * 10));
      return;
    case 0x03:
      w.u16(Math.round(item.recorderSpeedKmh * 10));
      return;
    case 0x04:
      w.u16(item.alarmEventId);
      return;
    case 0x05:
      w.fixed(Uint8Array.from(item.tyrePressure), 30);
      return;
    case 0x06: {
      const t = item.cargoTemperature;
      w.u16(t < 0 ? 0x8000 | -t : t);
      return;
    }
    case 0x11:
      w.u8(item.areaType);
      if (item.areaId !== undefined) w.u32(item.areaId);
      return;
    case 0x12:
      w.u8(item.areaType).u32(item.areaId).u8(item.direction);
      return;
    case 0x13:
      w.u32(item.routeId).u16(item.driveTime).u8(item.result);
      return;
    case 0x14:
      w.u32(item.videoAlarm);
      return;
    case 0x15:
      w.u32(item.signalLossChannels);
      return;
    case 0x16:
      w.u32(item.occlusionChannels);
      return;
    case 0x17:
      w.u16(item.storageFault);
      return;
    case 0x18:
      w.u16(item.abnormalDriving);
      if (item.fatigueLevel !== undefined) w.u8(item.fatigueLevel);
      return;
    case 0x25:
      w.u32(item.extSignal);
      return;
    case 0x2a:
      w.u16(item.ioStatus);
      return;
    case 0x2b:
      w.u32(((item.ad1 << 16) | item.ad0) >>> 0);
      return;
    case 0x30:
      w.u8(item.rssi);
      return;
    case 0x31:
      w.u8(item.satellites);
      return;
    case 0x64:
      writeAdas(w, item.adas);
      return;
    case 0x65:
      writeDsm(w, item.dsm);
      return;
    case 0x66:
      writeTpms(w, item.tpms);
      return;
    case 0x67:
      writeBsd(w, item.bsd);
      return;
  }
}

export function writeItems(w: Writer, items: readonly LocationItem[]): void {
  for (const item of items) {
    w.u8(item.id);
    const lenAt = w.pos;
    w.u8(0);
    writeItemValue(w, item);
    const len = w.pos - lenAt - 1;
    if (len > 255) throw new CodecFault('ENCODE_INVALID', `item 0x${item.id.toString(16)} longer than 255 bytes`);
    w.buf[lenAt] = len;
  }
}

/** Encoded bytes of one item's value (used by tests and tools that show an item as hex). */
export function itemValueBytes(item: LocationItem, w: Writer): Uint8Array {
  const start = w.pos;
  writeItemValue(w, item);
  return w.buf.slice(start, w.pos);
}
