import { isRawItem, type LocationItem } from '@headway/protocol';
import type { RealDataCard, RealDataPassenger } from '../live/real-data.ts';

// Vendor additional items of the 0x0200 report (JT/T 808 leaves 0xE1–0xFF to manufacturers; docs/simulator.md):
// 0xE1 passenger counts, 0xE2 IC-card swipes. The gateway keeps them raw; the ingest reads them here.

export const PASSENGER_ITEM = 0xe1;
export const CARD_ITEM = 0xe2;

/** 0xE1: five big-endian WORDs on_day, on_trip, off_trip, on_real, off_real. */
export function passengerOf(raw: Uint8Array): RealDataPassenger | undefined {
  if (raw.length < 10) return undefined;
  const word = (i: number) => ((raw[i] ?? 0) << 8) | (raw[i + 1] ?? 0);
  return { on_day: word(0), on_trip: word(2), off_trip: word(4), on_real: word(6), off_real: word(8) };
}

/**
 * 0xE2: ASCII `dei=D0012;dci=1000000012;dct=1795316452;cei=C0012;cci=2000000012;cct=1795316452`. Keys the spec's
 * card object knows are kept (dei, dci, dct, cei, cct, n, in, e); names (den, cen) are added by the caller from
 * the employee registry. Unknown keys are ignored.
 */
export function cardOf(raw: Uint8Array): RealDataCard | undefined {
  const text = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('latin1');
  const card: RealDataCard = {};
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    switch (key) {
      case 'dei':
      case 'dci':
      case 'cei':
      case 'n':
      case 'den':
      case 'cen':
        card[key] = value;
        break;
      case 'dct':
      case 'cct':
      case 'in':
      case 'e': {
        const n = Number(value);
        if (Number.isFinite(n)) card[key] = n;
        break;
      }
    }
  }
  return Object.keys(card).length > 0 ? card : undefined;
}

export interface VendorData {
  passenger?: RealDataPassenger;
  card?: RealDataCard;
}

export function vendorItemsOf(items: readonly LocationItem[]): VendorData {
  const out: VendorData = {};
  for (const item of items) {
    if (item.id !== PASSENGER_ITEM && item.id !== CARD_ITEM) continue;
    if (!isRawItem(item)) continue;
    if (item.id === PASSENGER_ITEM) {
      const p = passengerOf(item.raw);
      if (p) out.passenger = p;
    } else {
      const c = cardOf(item.raw);
      if (c) out.card = c;
    }
  }
  return out;
}
