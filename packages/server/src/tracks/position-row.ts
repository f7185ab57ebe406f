import { isRawItem, type LocationItem, type LocationReport, localTimeToEpoch, toHex } from '@headway/protocol';
import type { NewPosition } from './schema.ts';

/** A position as committed: the row plus where it came from. Published on the bus after the commit. */
export interface StoredPosition {
  companyId: number;
  terminalPhone: string;
  vehicleId: number | null;
  lat: number;
  lng: number;
  speed: number;
  azimuth: number;
  altitude: number;
  mileage: number | null;
  state: number;
  warning: number;
  /** Items beyond the basic block, as stored in `attached` (satellites, rssi, others by id). */
  attached: Record<string, unknown>;
  eventTime: number;
  receiveTime: number;
  /** The decoded report, for consumers that need more than the row (alarm items, areas). */
  report: LocationReport;
}

function itemValue(item: LocationItem): unknown {
  if (isRawItem(item)) return { raw: toHex(item.raw) };
  const { id: _id, ...rest } = item as LocationItem & Record<string, unknown>;
  // Safety alarm items carry nested byte arrays (alarm identification); keep them JSON-safe.
  return JSON.parse(JSON.stringify(rest, (_k, v) => (v instanceof Uint8Array ? toHex(v) : v)));
}

/** Splits the additional items into the row's columns (mileage) and the JSON `attached` document. */
export function attachedOf(items: readonly LocationItem[]): {
  mileage: number | null;
  attached: Record<string, unknown>;
} {
  let mileage: number | null = null;
  const attached: Record<string, unknown> = {};
  for (const item of items) {
    if (item.id === 0x01 && 'mileageKm' in item) mileage = item.mileageKm;
    else if (item.id === 0x31 && 'satellites' in item) attached.satellites = item.satellites;
    else if (item.id === 0x30 && 'rssi' in item) attached.signal = item.rssi;
    else {
      // Duplicated ids are legal (§5.4): keep every occurrence.
      const key = `0x${item.id.toString(16).padStart(2, '0')}`;
      const value = itemValue(item);
      const prev = attached[key];
      attached[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
    }
  }
  return { mileage, attached };
}

export interface PositionSource {
  companyId: number;
  terminalPhone: string;
  vehicleId: number | null;
  utcOffsetMinutes: number;
  receiveTime: number;
}

export function toStoredPosition(report: LocationReport, source: PositionSource): StoredPosition {
  const { mileage, attached } = attachedOf(report.items);
  // An invalid terminal time (all zeros before the first fix, non-BCD) falls back to the receive time so the
  // point still sorts sensibly; the raw time is kept in attached for diagnosis.
  const eventTime = localTimeToEpoch(report.time, source.utcOffsetMinutes);
  if (eventTime === undefined) attached.badTime = report.time;
  return {
    companyId: source.companyId,
    terminalPhone: source.terminalPhone,
    vehicleId: source.vehicleId,
    lat: report.lat,
    lng: report.lng,
    speed: report.speedKmh,
    azimuth: report.direction,
    altitude: report.altitude,
    mileage,
    state: report.status,
    warning: report.alarmFlags,
    attached,
    eventTime: eventTime ?? source.receiveTime,
    receiveTime: source.receiveTime,
    report,
  };
}

export function toRow(p: StoredPosition): NewPosition {
  return {
    company_id: p.companyId,
    terminal_phone: p.terminalPhone,
    vehicle_id: p.vehicleId,
    lat: p.lat,
    lng: p.lng,
    speed: p.speed,
    azimuth: p.azimuth,
    altitude: p.altitude,
    mileage: p.mileage,
    state: p.state,
    warning: p.warning,
    attached: JSON.stringify(p.attached),
    event_time: p.eventTime,
    receive_time: p.receiveTime,
  };
}
