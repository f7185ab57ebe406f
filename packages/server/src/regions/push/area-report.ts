import type { RealDataArea } from '../../live/real-data.ts';

// The terminal's own region reports in a 0x0200 (JT/T 808 tables 27–30), as the stored position's `attached`
// holds them (tracks/position-row.ts: by hex id, an array when an id repeats): 0x11 over-speed with the area it
// happened in, 0x12 entering or leaving an area or route, 0x13 a route segment driven too fast or too slowly.
// They are what a terminal enforcing a pushed region says about it; the platform's own geofencing is separate.

function occurrences(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** real_data's `area` from a position's attached items; undefined when the report carries none of them. */
export function terminalAreaOf(attached: Readonly<Record<string, unknown>>): RealDataArea | undefined {
  // Every report passes here (live push and the ingest): most carry none of the three items, so allocate nothing.
  if (attached['0x11'] === undefined && attached['0x12'] === undefined && attached['0x13'] === undefined) {
    return undefined;
  }
  const area: RealDataArea = {};
  const io = occurrences(attached['0x12']).flatMap((v) =>
    isNumber(v.areaType) && isNumber(v.areaId) && isNumber(v.direction)
      ? [{ type: v.areaType, id: v.areaId, dir: v.direction }]
      : [],
  );
  if (io.length > 0) area.io = io;
  const [speed] = occurrences(attached['0x11']);
  if (speed && isNumber(speed.areaType)) {
    area.speed = isNumber(speed.areaId) ? { type: speed.areaType, id: speed.areaId } : { type: speed.areaType };
  }
  const [time] = occurrences(attached['0x13']);
  if (time && isNumber(time.routeId) && isNumber(time.driveTime) && isNumber(time.result)) {
    area.time = { id: time.routeId, sec: time.driveTime, res: time.result };
  }
  return Object.keys(area).length > 0 ? area : undefined;
}
