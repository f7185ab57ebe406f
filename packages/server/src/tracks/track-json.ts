import type { TrackPoint } from '../contract/tracks.ts';
import { RouteFill, type StationMark } from './route-fill.ts';
import type { StoredPoint } from './track-points.ts';
import type { TrackVehicle } from './track-vehicles.ts';

// The answer's JSON written by hand, a page of points at a time: 60,000 points are ~20 MB of JSON. Each point is
// the vehicle's fields (encoded once per vehicle), its station event's fields (encoded once per event) and the
// point's own fields as the database wrote them (track-points.ts), so no object is built per point.

export const ENVELOPE_HEAD = '{"code":0,"msg":"ok","result":{"rows":[';
export const ENVELOPE_TAIL = ']}}';

const NO_ROUTE = '"route_code":"","route_name":"","direction":0,"serial":0,"station_name":""';

function routeFields(mark: StationMark | undefined): string {
  if (!mark) return NO_ROUTE;
  return `"route_code":${JSON.stringify(mark.route_code)},"route_name":${JSON.stringify(mark.route_name)},"direction":${mark.direction},"serial":${mark.serial},"station_name":${JSON.stringify(mark.station_name)}`;
}

/** Encodes one vehicle's points as comma-separated TrackPoint objects. */
export class TrackPointWriter {
  private readonly head: string;
  private readonly fill: RouteFill;
  private lastMark: StationMark | undefined | null = null;
  private lastRoute = NO_ROUTE;

  constructor(vehicle: TrackVehicle, marks: readonly StationMark[]) {
    this.head = `{"imei":${JSON.stringify(vehicle.imei)},"car_id":${vehicle.id},"car_name":${JSON.stringify(vehicle.car_name)},`;
    this.fill = new RouteFill(marks);
  }

  /** The page's points, each followed by a comma except where `first` says the answer has none yet. */
  page(points: readonly StoredPoint[], first: boolean): string {
    if (points.length === 0) return '';
    const parts: string[] = new Array(points.length);
    for (let i = 0; i < points.length; i++) {
      const p = points[i] as StoredPoint;
      const eventTime = Number(p.event_time);
      const mark = this.fill.at(eventTime);
      if (mark !== this.lastMark) {
        this.lastMark = mark;
        this.lastRoute = routeFields(mark);
      }
      parts[i] = this.head + this.lastRoute + p.tail;
    }
    const body = parts.join(',');
    return first ? body : `,${body}`;
  }
}

/** The field order of TrackPoint as written above; kept beside the writer so a test can compare both. */
export const TRACK_POINT_FIELDS: readonly (keyof TrackPoint)[] = [
  'imei',
  'car_id',
  'car_name',
  'route_code',
  'route_name',
  'direction',
  'serial',
  'station_name',
  'lat',
  'lng',
  'azimuth',
  'speed',
  'mileage',
  'state',
  'warning',
  'attached',
  'event_time',
  'receive_time',
];
