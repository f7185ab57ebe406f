import { StateMask } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { RealData } from '../contract/vehicles.ts';
import { realDataOf } from '../live/from-position.ts';
import { parseJson } from '../store/json.ts';
import type { Database } from '../store/schema.ts';
import { latestStoredPositions, type VehicleRow } from './queries.ts';

// The one place the monitoring map reads live state. Today: the live module's in-memory latest positions
// (app.live.latestPositions), completed from the positions table for vehicles this process has not seen
// since it started. When the ingest chain publishes richer real_data (route progress), only this file changes.

/** What we need of app.live (live/live.ts); absent when the live module is not mounted (tests, tools). */
export interface LatestFeed {
  latestPositions(companyId: number): RealData[];
}

function fromStored(row: Awaited<ReturnType<typeof latestStoredPositions>>[number]): RealData {
  return realDataOf({
    terminalPhone: row.terminal_phone,
    lat: row.lat,
    lng: row.lng,
    speed: row.speed,
    azimuth: row.azimuth,
    state: row.state,
    warning: row.warning,
    mileage: typeof row.mileage === 'number' ? row.mileage : null,
    attached: parseJson<Record<string, unknown>>(row.attached, {}),
    eventTime: row.event_time,
    receiveTime: row.receive_time,
  });
}

export interface VehicleLiveState {
  online: boolean;
  realData: RealData | null;
}

/**
 * Newest real_data per vehicle (by car id). Live frames of a device without a vehicle carry its terminal phone;
 * both the IMEI and the terminal phone are matched, and the result carries the vehicle's IMEI so the console
 * has one key. The online bit follows the device registry, which the gateway keeps per TCP session.
 */
export async function liveStateOf(
  db: Kysely<Database>,
  feed: LatestFeed | undefined,
  companyId: number,
  vehicles: readonly VehicleRow[],
): Promise<Map<number, VehicleLiveState>> {
  // One key per vehicle, its IMEI: the ingest's frames carry it, stored rows and the frames of a device seen
  // before its vehicle existed carry the terminal phone. Keying both by what they carry split a vehicle whose IMEI
  // differs from its phone in two, and the stored row (no route progress) hid the live one.
  const imeiOfPhone = new Map(vehicles.flatMap((v) => (v.terminal_phone ? [[v.terminal_phone, v.imei] as const] : [])));
  const keyOf = (imeiOrPhone: string) => imeiOfPhone.get(imeiOrPhone) ?? imeiOrPhone;
  const byKey = new Map<string, RealData>();
  const keep = (key: string, data: RealData) => {
    const held = byKey.get(key);
    if (!held || data.et >= held.et) byKey.set(key, data);
  };
  for (const data of feed?.latestPositions(companyId) ?? []) keep(keyOf(data.imei), data);
  // Vehicles the live module has not seen (offline since start-up, or no live module): the store's newest.
  // Seen ones are read too, for what only the stored row knows (mileage), merged when it is the same fix.
  for (const row of await latestStoredPositions(db, companyId, [...imeiOfPhone.keys()])) {
    const key = keyOf(row.terminal_phone);
    const stored = fromStored(row);
    const live = byKey.get(key);
    if (!live) byKey.set(key, stored);
    else if (live.et === stored.et && stored.att) byKey.set(key, { ...live, att: { ...stored.att, ...live.att } });
    else keep(key, stored);
  }

  const out = new Map<number, VehicleLiveState>();
  for (const v of vehicles) {
    const found = byKey.get(v.imei);
    const online = v.device_online === 1;
    const realData = found
      ? { ...found, imei: v.imei, s: online ? found.s | StateMask.online : found.s & ~StateMask.online }
      : null;
    out.set(v.car_id, { online, realData });
  }
  return out;
}
