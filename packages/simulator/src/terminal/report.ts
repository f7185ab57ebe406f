import { epochToLocalTime, type LocationItem, type LocationReport, makeLocation } from '@headway/protocol';
import { SafetyVehicleStatusMask as SafetyStatus, TerminalStatusMask as Status } from '@headway/spec';
import type { MotionState } from '../motion/events.ts';
import type { SafetyEvent } from './events.ts';

/** Crew signed on with IC cards: carried in every report so the console's card panel fills. */
export interface Crew {
  driverNo: string;
  driverCard: string;
  conductorNo: string;
  conductorCard: string;
  /** Epoch seconds of the card swipe. */
  signedOnAt: number;
}

export interface ReportContext {
  motion: MotionState;
  alarm: number;
  safety: SafetyEvent | null;
  satellites: number;
  rssi: number;
  crew: Crew | null;
  terminalId: string;
  /** Terminal clock zone: minutes east of UTC (JT/T 808 says GMT+8; configurable for other deployments). */
  utcOffsetMinutes: number;
  /** In/out items 0x12 of the regions crossed since the last report (regions.ts). */
  regionItems?: LocationItem[];
}

/**
 * Vendor additional items (JT/T 808 §8.18 leaves 0xE1–0xFF to manufacturers). Documented in docs/simulator.md:
 * 0xE1 passengers: 5 WORDs on_day, on_trip, off_trip, on_real, off_real (spec real_data.passenger);
 * 0xE2 IC cards: ASCII "dei=…;dci=…;dct=…;cei=…;cci=…;cct=…" (spec real_data.card: employee no, card no, swipe time).
 */
export const PASSENGER_ITEM = 0xe1;
export const CARD_ITEM = 0xe2;

function words(values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  values.forEach((v, i) => {
    const w = Math.max(0, Math.min(0xffff, Math.round(v)));
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

/** A 0x0200 body from the vehicle's state: status bits, position, odometer, signal and vendor items. */
export function buildReport(c: ReportContext): LocationReport {
  const m = c.motion;
  let status = 0;
  if (m.accOn) status |= Status.accOn;
  const fixed = c.satellites >= 4;
  if (fixed) status |= Status.gpsValid;
  if (m.doors[0]) status |= Status.door1Open;
  if (m.doors[1]) status |= Status.door2Open;
  if (m.doors[2]) status |= Status.door3Open;
  status |= Status.gps | Status.bds;
  if (m.speed > 0) status |= Status.moving;
  const time = epochToLocalTime(m.time, c.utcOffsetMinutes);
  const p = m.passengers;
  const items: LocationItem[] = [
    { id: 0x01, mileageKm: Math.round(m.odometer / 100) / 10 },
    { id: 0x30, rssi: c.rssi },
    { id: 0x31, satellites: c.satellites },
    { id: PASSENGER_ITEM, raw: words([p.onDay, p.onTrip, p.offTrip, p.onLast, p.offLast]) },
  ];
  if (c.crew) {
    const k = c.crew;
    const text = `dei=${k.driverNo};dci=${k.driverCard};dct=${k.signedOnAt};cei=${k.conductorNo};cci=${k.conductorCard};cct=${k.signedOnAt}`;
    items.push({ id: CARD_ITEM, raw: new TextEncoder().encode(text) });
  }
  if (c.regionItems) items.push(...c.regionItems);
  if (c.safety) items.push(safetyItem(c, time));
  return makeLocation({
    lat: m.lat,
    lng: m.lng,
    speedKmh: m.speed,
    altitude: 10,
    direction: m.azimuth,
    time,
    alarmFlags: c.alarm,
    status,
    items,
  });
}

function safetyItem(c: ReportContext, time: string): LocationItem {
  const s = c.safety!;
  const m = c.motion;
  const tail = {
    speed: Math.round(m.speed),
    altitude: 10,
    lat: Math.round(Math.abs(m.lat) * 1e6) / 1e6,
    lng: Math.round(Math.abs(m.lng) * 1e6) / 1e6,
    time,
    // The simulated vehicle always has a fix; its lights, wipers and brake are not modelled.
    vehicleStatus: (m.accOn ? SafetyStatus.accOn : 0) | SafetyStatus.positionFixed,
    // T/JSATL 12 §4.5.2: terminal id (7 bytes), time, sequence, attachment count — the key the platform
    // later uses with 0x9208 to fetch the files.
    alarmIdent: {
      terminalId: c.terminalId.slice(-7).padStart(7, '0'),
      time,
      seq: s.seq,
      attachmentCount: s.attachmentCount,
      reserved: new Uint8Array(1),
    },
  };
  if (s.kind === 'adas') {
    return {
      id: 0x64,
      adas: {
        ...tail,
        alarmId: s.alarmId,
        flag: 0,
        type: s.type,
        level: s.level,
        frontSpeed: s.type === 1 || s.type === 3 ? Math.max(0, Math.round(m.speed) - 10) : 0,
        frontDistance: s.type === 1 || s.type === 3 ? 8 : 0,
        deviateType: s.type === 2 ? 1 : 0,
        roadSignType: 0,
        roadSignValue: 0,
      },
    };
  }
  return {
    id: 0x65,
    dsm: {
      ...tail,
      alarmId: s.alarmId,
      flag: 0,
      type: s.type,
      level: s.level,
      fatigue: s.type === 1 ? 6 : 0,
      reserved: new Uint8Array(4),
    },
  };
}
