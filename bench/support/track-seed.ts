import type { Kysely } from 'kysely';
import { insertStationEvents, type NewStationEvent } from '../../packages/server/src/departures/index.ts';
import { transitDb } from '../../packages/server/src/lines/schema.ts';
import type { Store } from '../../packages/server/src/store/db.ts';
import type { Database } from '../../packages/server/src/store/schema.ts';
import { insertPositions } from '../../packages/server/src/tracks/insert-positions.ts';
import type { NewPosition } from '../../packages/server/src/tracks/schema.ts';
import { type FleetDevice, seedFleet } from './fleet.ts';

// A week of a bus fleet's track, written the way the gateway writes it: every tick, one point per vehicle, the
// whole fleet interleaved in receive order, through the gateway's own insertPositions. Buses shuttle along their
// line (stations 600 m apart, 30 s dwell, 120 s between stations) from 05:00 to 23:00 and stand in the depot with
// the ignition off at night, still reporting; each station passed leaves an arrival and a departure event.

export interface TrackSeedOptions {
  vehicles: number;
  lines: number;
  /** Epoch seconds of the first and one past the last tick. */
  from: number;
  to: number;
  intervalSeconds: number;
  /** Rows per insertPositions call (a gateway batch is a few hundred; bigger only to seed faster). */
  batchRows: number;
}

export interface SeededFleet {
  companyId: number;
  vehicles: { id: number; imei: string; phone: string; lineCode: string }[];
  lineCodes: string[];
}

const STATIONS = 24;
const RUN_SECONDS = 120;
const DWELL_SECONDS = 30;
const LEG_SECONDS = RUN_SECONDS + DWELL_SECONDS;
const TRIP_SECONDS = STATIONS * LEG_SECONDS;
const SERVICE_FROM = 5 * 3600;
const SERVICE_TO = 23 * 3600;
/** Degrees of latitude between two stations (~600 m). */
const STEP_DEG = 0.0054;

export async function seedTrackFleet(
  db: Kysely<Database>,
  companyId: number,
  o: Pick<TrackSeedOptions, 'vehicles' | 'lines'>,
): Promise<SeededFleet> {
  const tdb = transitDb(db);
  const now = Math.floor(Date.now() / 1000);
  const lineIds: number[] = [];
  const lineCodes: string[] = [];
  for (let i = 0; i < o.lines; i++) {
    const code = `T${String(i + 1).padStart(2, '0')}`;
    const line = await tdb
      .insertInto('lines')
      .values({
        company_id: companyId,
        route_code: code,
        route_name: `Track line ${code}`,
        sort_id: i,
        category: 0,
        fleet_id: null,
        color: '#2266cc',
        gtfs_route_id: code,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    lineIds.push(line.id);
    lineCodes.push(code);
  }
  const devices: FleetDevice[] = await seedFleet(db, companyId, {
    count: o.vehicles,
    phonePrefix: '0177',
    imeiPrefix: '8677',
    namePrefix: 'TQ-',
    lineIds,
    createdAt: now,
  });
  const ids = await tdb
    .selectFrom('vehicles')
    .select(['id', 'imei'])
    .where('company_id', '=', companyId)
    .where('imei', 'like', '8677%')
    .execute();
  const byImei = new Map(ids.map((r) => [r.imei, r.id]));
  return {
    companyId,
    lineCodes,
    vehicles: devices.map((d) => ({
      id: byImei.get(d.imei) ?? 0,
      imei: d.imei,
      phone: d.phone,
      lineCode: lineCodes[d.index % lineCodes.length] ?? '',
    })),
  };
}

interface BusState {
  mileage: number;
  /** direction * 1000 + serial * 10 + (at a station ? 1 : 0) at the previous tick; -1 out of service. */
  stop: number;
}

/** Where bus `v` is at `t`: in the depot out of service hours, else shuttling along its line. */
function busAt(v: number, t: number, lineIndex: number) {
  const dayOffset = ((t % 86_400) + 86_400) % 86_400;
  const baseLat = 13.6 + lineIndex * 0.02;
  const baseLng = 100.4 + (lineIndex % 7) * 0.03;
  if (dayOffset < SERVICE_FROM || dayOffset >= SERVICE_TO) {
    return {
      inService: false,
      lat: baseLat - 0.01,
      lng: baseLng,
      speed: 0,
      azimuth: 0,
      direction: 0,
      serial: 0,
      atStation: false,
    };
  }
  const phase = (dayOffset - SERVICE_FROM + v * 97) % (2 * TRIP_SECONDS);
  const direction = phase < TRIP_SECONDS ? 1 : 2;
  const local = phase % TRIP_SECONDS;
  const leg = Math.floor(local / LEG_SECONDS);
  const within = local % LEG_SECONDS;
  const atStation = within < DWELL_SECONDS;
  const progress = atStation ? 0 : (within - DWELL_SECONDS) / RUN_SECONDS;
  // Serial counts stations in the direction's order; down runs the same stations backwards.
  const serial = leg + 1;
  const along = direction === 1 ? leg + progress : STATIONS - 1 - leg - progress;
  const wobble = Math.sin((t + v * 13) / 37);
  const speed = atStation ? 0 : Math.round((24 + 14 * Math.sin(progress * Math.PI) + 4 * wobble) * 10) / 10;
  return {
    inService: true,
    lat: Math.round((baseLat + along * STEP_DEG) * 1e6) / 1e6,
    lng: Math.round((baseLng + along * STEP_DEG * 0.4 + 0.0003 * wobble) * 1e6) / 1e6,
    speed,
    azimuth: direction === 1 ? 22 : 202,
    direction,
    serial,
    atStation,
  };
}

/**
 * Writes the fleet's track for [from, to): positions through insertPositions, station events through
 * insertStationEvents. `progress` is told the fraction done now and then.
 */
export async function seedTrack(
  store: Store,
  fleet: SeededFleet,
  o: TrackSeedOptions,
  progress: (done: number) => void = () => {},
): Promise<{ positions: number; events: number }> {
  const states: BusState[] = fleet.vehicles.map((_, i) => ({ mileage: 1000 + i * 17.3, stop: -2 }));
  const lineIndex = fleet.vehicles.map((v) => fleet.lineCodes.indexOf(v.lineCode));
  let rows: NewPosition[] = [];
  let events: NewStationEvent[] = [];
  let positions = 0;
  let eventCount = 0;
  let lastTold = 0;
  for (let t = o.from; t < o.to; t += o.intervalSeconds) {
    for (let i = 0; i < fleet.vehicles.length; i++) {
      const v = fleet.vehicles[i] as SeededFleet['vehicles'][number];
      const s = states[i] as BusState;
      const at = busAt(i, t, lineIndex[i] ?? 0);
      s.mileage += (at.speed * o.intervalSeconds) / 3600;
      // Receive time a second or three after the fix, like a real link.
      const receive = t + 1 + ((i + t) % 3);
      rows.push({
        company_id: fleet.companyId,
        terminal_phone: v.phone,
        vehicle_id: v.id,
        lat: at.lat,
        lng: at.lng,
        speed: at.speed,
        azimuth: at.azimuth,
        altitude: 12,
        mileage: Math.round(s.mileage * 10) / 10,
        // ACC on + positioned in service; positioned only (ignition off) in the depot.
        state: at.inService ? 0x3 : 0x2,
        warning: at.speed > 60 ? 0x2 : 0,
        attached: `{"satellites":${9 + ((i + t) % 5)},"signal":${18 + (i % 10)}}`,
        event_time: t,
        receive_time: receive,
      });
      const stop = at.inService ? at.direction * 1000 + at.serial * 10 + (at.atStation ? 1 : 0) : -1;
      if (stop !== s.stop && at.inService) {
        // Arrival when the bus comes to rest at a station, departure when it leaves it.
        const arriving = at.atStation;
        events.push({
          company_id: fleet.companyId,
          imei: v.imei,
          terminal_phone: v.phone,
          car_id: v.id,
          car_name: `TQ-${String(i).padStart(5, '0')}`,
          route_code: v.lineCode,
          route_name: `Track line ${v.lineCode}`,
          direction: at.direction,
          serial: arriving ? at.serial : Math.max(1, at.serial),
          station_name: `${v.lineCode} stop ${at.direction === 1 ? at.serial : STATIONS + 1 - at.serial}`,
          flag: arriving ? 1 : 2,
          event_time: t,
          state: 0x3,
          support: 0,
          created_at: receive,
        });
      }
      s.stop = stop;
    }
    if (rows.length >= o.batchRows) {
      await insertPositions(store.db, store.engine, rows);
      positions += rows.length;
      rows = [];
    }
    if (events.length >= 2000) {
      await insertStationEvents(store.db, events);
      eventCount += events.length;
      events = [];
    }
    const done = (t - o.from) / (o.to - o.from);
    if (done - lastTold >= 0.02) {
      lastTold = done;
      progress(done);
    }
  }
  await insertPositions(store.db, store.engine, rows);
  await insertStationEvents(store.db, events);
  return { positions: positions + rows.length, events: eventCount + events.length };
}
