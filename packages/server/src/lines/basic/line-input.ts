import {
  type CheckedDirection,
  CLOCK_PATTERN,
  checkRoute,
  formatPathText,
  type Language,
  LINE_CODE_MAX,
  LINE_CODE_PATTERN,
  LINE_DEFAULT_STYLE,
  LINE_NAME_MAX,
  LINE_NAME_MIN,
  LINE_REMARK_MAX,
  type LineStyle,
  labelIn,
  type PathPoint,
  parsePathText,
  ROUTE_CHECK_FAILURES,
  roundCoordinate,
  STOP_NAME_MAX,
} from '@headway/spec';
import type { CreateRouteBody, DirectionInput, RouteCheckFailureRow } from '../../contract/index.ts';
import { ApiError, ErrorCode, parameterError } from '../../kernel/errors.ts';

// Bodies of /basic/routes and /basic/route/directions checked against spec section 5 and turned into what is
// stored. Field faults are 1004 naming the field; a line that fails the route check is 1004 with `failures`, each
// with its number (1–7) and text in the caller's language.

export interface RouteValues {
  route_code: string;
  route_name: string;
  sort_id: number;
  category: number;
  state: number;
  fleet_id: number | null;
  trunk: number;
  travel: number;
  open_time: string;
  stop_time: string;
  ticket: string;
  remark: string;
  color: string;
}

export interface StationValues {
  serial: number;
  station_name: string;
  abridge: string;
  flag: number;
  azimuth: number;
  distance: number;
  duration: number;
  /** '' to be given a bus stop when stored. */
  stop_id: string;
  is_opposite: number;
  lng: number;
  lat: number;
}

export interface DirectionValues {
  direction: number;
  origin: string;
  terminal: string;
  first_time: string;
  last_time: string;
  distance: number;
  intervals: number;
  price: number;
  avg_station_km: number;
  is_actived: number;
  path: PathPoint[];
  style: LineStyle;
  stations: StationValues[];
}

export function trimmedName(field: string, raw: string, min: number, max: number): string {
  const name = raw.trim();
  if (name.length < min) throw parameterError(field, min <= 1 ? 'empty' : `shorter than ${min}`);
  if (name.length > max) throw parameterError(field, `longer than ${max}`);
  return name;
}

export function routeCode(raw: string, field = 'route_code'): string {
  const code = raw.trim();
  if (!code) throw parameterError(field, 'empty');
  if (code.length > LINE_CODE_MAX) throw parameterError(field, `longer than ${LINE_CODE_MAX}`);
  if (!LINE_CODE_PATTERN.test(code)) throw parameterError(field, 'letters, digits, - _ . only');
  return code;
}

export function clock(field: string, raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (value && !CLOCK_PATTERN.test(value)) throw parameterError(field, 'not HH:MM');
  return value;
}

export function remark(field: string, raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (value.length > LINE_REMARK_MAX) throw parameterError(field, `longer than ${LINE_REMARK_MAX}`);
  return value;
}

export function routeValues(body: CreateRouteBody): RouteValues {
  return {
    route_code: routeCode(body.route_code),
    route_name: trimmedName('route_name', body.route_name, LINE_NAME_MIN, LINE_NAME_MAX),
    sort_id: body.sort_id ?? 0,
    category: body.category,
    state: body.state ?? 10,
    fleet_id: body.fleet_id ?? null,
    trunk: body.trunk ?? 0,
    travel: body.travel ?? 0,
    open_time: clock('open_time', body.open_time),
    stop_time: clock('stop_time', body.stop_time),
    ticket: body.ticket?.trim() ?? '',
    remark: remark('remark', body.remark),
    color: (body.color ?? LINE_DEFAULT_STYLE.strokeColor).toUpperCase(),
  };
}

export function directionValues(input: DirectionInput, field = 'direction'): DirectionValues {
  const path = parsePathText(input.path);
  if (!path) throw parameterError(`${field}.path`, 'not lat,lng|lat,lng');
  const stations = input.stations.map(
    (s, i): StationValues => ({
      serial: i + 1,
      station_name: trimmedName(`${field}.stations.${i}.station_name`, s.station_name, 1, STOP_NAME_MAX),
      abridge: s.abridge?.trim() ?? '',
      flag: s.flag ?? 0,
      azimuth: s.azimuth,
      distance: s.distance,
      duration: s.duration ?? 0,
      stop_id: s.stop_id?.trim() ?? '',
      is_opposite: s.is_opposite ?? 0,
      lng: roundCoordinate(s.lng),
      lat: roundCoordinate(s.lat),
    }),
  );
  const first = stations[0]?.station_name ?? '';
  const last = stations.at(-1)?.station_name ?? '';
  return {
    direction: input.direction,
    origin: input.origin?.trim() || first,
    terminal: input.terminal?.trim() || last,
    first_time: clock(`${field}.first_time`, input.first_time),
    last_time: clock(`${field}.last_time`, input.last_time),
    distance: input.distance,
    intervals: input.intervals ?? 0,
    price: input.price ?? 0,
    avg_station_km: input.avg_station_km,
    is_actived: input.is_actived ?? 1,
    path: path.map(([lat, lng]) => [roundCoordinate(lat), roundCoordinate(lng)] as PathPoint),
    style: input.style ?? { ...LINE_DEFAULT_STYLE },
    stations,
  };
}

export function pathText(values: DirectionValues): string {
  return formatPathText(values.path);
}

function checked(d: DirectionValues): CheckedDirection {
  return {
    direction: d.direction,
    distance: d.distance,
    avg_station_km: d.avg_station_km,
    path: d.path,
    stations: d.stations,
  };
}

function refuse(failures: ReturnType<typeof checkRoute>, language: Language): never {
  const rows: RouteCheckFailureRow[] = failures.map((f) => ({
    ...f,
    text: labelIn(ROUTE_CHECK_FAILURES[f.code].label, language),
  }));
  throw new ApiError(ErrorCode.parameter, { field: 'directions', reason: 'route check', failures: rows });
}

/** The whole line's check (failures 1–7); throws 1004 with the failures. */
export function assertRouteChecks(category: number, directions: DirectionValues[], language: Language): void {
  const codes = directions.map((d) => d.direction);
  if (new Set(codes).size !== codes.length) throw parameterError('directions', 'a direction given twice');
  const failures = checkRoute(category, directions.map(checked));
  if (failures.length) refuse(failures, language);
}

/** One direction's check, saved on its own (/basic/route/directions): failures 1 and 3–7. */
export function assertDirectionChecks(direction: DirectionValues, language: Language): void {
  // checkRoute with the direction's own category-free view: only that direction's failures count here.
  const failures = checkRoute(1, [checked(direction)]).filter((f) => f.code !== 2);
  if (failures.length) refuse(failures, language);
}
