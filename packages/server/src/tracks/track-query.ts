import type { Kysely } from 'kysely';
import { lineScopeOf } from '../consoles/scope.ts';
import type { TrackQueryBody } from '../contract/tracks.ts';
import type { Database } from '../store/schema.ts';
import type { TrackQueryOptions } from './options.ts';
import { checkMultipleSearch, checkRowCap, multipleSearchLimit, trackAskOf } from './query-rules.ts';
import { stationMarks } from './route-fill.ts';
import { ENVELOPE_HEAD, ENVELOPE_TAIL, TrackPointWriter } from './track-json.ts';
import { countPoints, type PointRange, vehiclePoints } from './track-points.ts';
import { trackVehicles } from './track-vehicles.ts';

// POST /device/position end to end: every refusal (bad range, limits, unknown vehicle, too many points) is
// decided before the first byte, so it comes back as a normal envelope; then the answer is streamed a page at a
// time (docs/tracks.md "How the query runs").

export interface TrackQueryCaller {
  companyId: number;
  userId: number;
}

/** Checks the query and returns the answer's JSON as chunks, or throws the ApiError that refuses it. */
export async function trackQuery(
  db: Kysely<Database>,
  caller: TrackQueryCaller,
  body: TrackQueryBody,
  options: TrackQueryOptions,
): Promise<AsyncIterable<string>> {
  const ask = trackAskOf(body);
  checkMultipleSearch(ask, ask.carIds.length, await multipleSearchLimit(db, caller.companyId));
  const scope = await lineScopeOf(db, caller.companyId, caller.userId);
  const vehicles = await trackVehicles(db, caller.companyId, ask, scope);
  const range: PointRange = { companyId: caller.companyId, start: ask.start, end: ask.end, minSpeed: ask.minSpeed };
  const ids = vehicles.map((v) => v.id);
  checkRowCap(await countPoints(db, range, ids), options.maxRows);
  const marks = await stationMarks(db, caller.companyId, ids, ask.start, ask.end);

  return (async function* answer() {
    yield ENVELOPE_HEAD;
    let first = true;
    for (const vehicle of vehicles) {
      const writer = new TrackPointWriter(vehicle, marks.get(vehicle.id) ?? []);
      for await (const page of vehiclePoints(db, range, vehicle.id, options.pageRows)) {
        yield writer.page(page, first);
        first = false;
      }
    }
    yield ENVELOPE_TAIL;
  })();
}
