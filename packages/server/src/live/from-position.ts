import { stateFromTerminal } from '@headway/spec';
import { terminalAreaOf } from '../regions/push/area-report.ts';
import type { RealData, RealDataAttached, RealDataCard, RealDataPassenger, RealDataRoute } from './real-data.ts';

// Position → real_data (spec section 3), built here only: the ingest's enriched feed (ingest/enrich.ts) and the
// map's full refresh from stored rows (vehicles/live-source.ts) both come through this function, so the console
// sees the same fields whichever path a vehicle's position took. The state word is the spec package's rule.

/** What a position contributes to real_data: a committed one (tracks/position-row.ts) or a stored row renamed. */
export interface PositionFix {
  terminalPhone: string;
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  azimuth: number;
  /** JT/T 808 status and alarm DWORDs as sent. */
  state: number;
  warning: number;
  /** km (item 0x01), null when not reported. */
  mileage: number | null;
  /** The additional items as stored (`satellites`, `signal`, others by hex id). */
  attached: Readonly<Record<string, unknown>>;
  eventTime: number;
  receiveTime: number;
}

/** What a caller knows beyond the position (the ingest: vehicle, line progress, vendor items). */
export interface RealDataExtras {
  /** The vehicle's IMEI; the terminal phone when absent. */
  imei?: string;
  /** State and warning bits after line progress (deviation); from the position when absent. */
  s?: number;
  w?: number;
  mt?: number;
  route?: RealDataRoute;
  passenger?: RealDataPassenger;
  card?: RealDataCard;
  /** Merged over what the position's items give (sat, gsm, max_km). */
  att?: RealDataAttached;
}

/**
 * real_data of one position. State flags: @headway/spec `stateFromTerminal` (shared bits copied, online, running,
 * out of service); warning flags: the JT/T 808 alarm word as sent (the spec keeps its bit positions).
 */
export function realDataOf(position: PositionFix, extras: RealDataExtras = {}): RealData {
  let att: RealDataAttached = {};
  if (typeof position.attached.satellites === 'number') att.sat = position.attached.satellites;
  if (typeof position.attached.signal === 'number') att.gsm = position.attached.signal;
  if (position.mileage !== null) att.max_km = position.mileage;
  if (extras.att) att = { ...att, ...extras.att };
  const area = terminalAreaOf(position.attached);
  return {
    imei: extras.imei ?? position.terminalPhone,
    lat: position.lat,
    lng: position.lng,
    v: position.speed,
    a: position.azimuth,
    s: extras.s ?? stateFromTerminal(position.state, position.speed),
    w: extras.w ?? position.warning >>> 0,
    et: position.eventTime,
    rt: position.receiveTime,
    ...(extras.mt !== undefined ? { mt: extras.mt } : {}),
    ...(extras.route ? { route: extras.route } : {}),
    ...(extras.passenger ? { passenger: extras.passenger } : {}),
    ...(Object.keys(att).length > 0 ? { att } : {}),
    ...(extras.card ? { card: extras.card } : {}),
    ...(area ? { area } : {}),
  };
}
