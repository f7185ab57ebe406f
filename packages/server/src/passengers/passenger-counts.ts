import type { Kysely } from 'kysely';
import { companyZone } from '../companies/time-zone.ts';
import type { PassengerRow } from '../contract/tracks.ts';
import type { Database } from '../store/schema.ts';
import { ATTRIBUTION, inLineOrder, tallyByStation } from './by-station.ts';
import { tallyByHour } from './by-time.ts';
import { countChanges } from './counters.ts';
import { counterSamples, lineOrder, visitEvents } from './queries.ts';

// The two answers of /device/passenger: the same counter changes, tallied per hour or per station.

export interface PassengerQuery {
  companyId: number;
  carId: number;
  start: number;
  end: number;
}

async function changesOf(db: Kysely<Database>, q: PassengerQuery) {
  const { samples, baseline } = await counterSamples(db, q.companyId, q.carId, q);
  return { samples, changes: countChanges(samples, baseline) };
}

export async function passengersByTime(db: Kysely<Database>, q: PassengerQuery): Promise<PassengerRow[]> {
  const [{ samples, changes }, zone] = await Promise.all([changesOf(db, q), companyZone(db, q.companyId)]);
  const span = samples.length > 0 ? { first: samples[0]!.time, last: samples[samples.length - 1]!.time } : null;
  return tallyByHour(changes, span, zone).map((h) => ({
    time_frame: h.time_frame,
    up_number: h.up,
    down_number: h.down,
    station_name: '',
    route_code: '',
    direction: 0,
    serial: 0,
  }));
}

export async function passengersByStation(db: Kysely<Database>, q: PassengerQuery): Promise<PassengerRow[]> {
  const [{ samples, changes }, events] = await Promise.all([
    changesOf(db, q),
    visitEvents(db, q.companyId, q.carId, q.start - ATTRIBUTION.staleSeconds, q.end + ATTRIBUTION.lookaheadSeconds),
  ]);
  // A terminal without a passenger counter: stations visited but nothing counted is no data, not zeros.
  if (samples.length === 0) return [];
  const tallies = tallyByStation(changes, events, q);
  const order = await lineOrder(
    db,
    q.companyId,
    tallies.map((t) => t.route_code),
  );
  return inLineOrder(tallies, order).map((t) => ({
    time_frame: '',
    up_number: t.up,
    down_number: t.down,
    station_name: t.station_name,
    route_code: t.route_code,
    direction: t.direction,
    serial: t.serial,
  }));
}
