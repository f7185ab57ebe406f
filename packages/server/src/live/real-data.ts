// The live position of one vehicle as the console receives it (spec section 3 "Live position (real_data)").
// Short keys are the spec's: they travel thousands of times a second, so they stay terse on the wire.
// Times are 10-digit epoch seconds.

export interface RealDataRoute {
  code?: string;
  /** Direction 1 up, 2 down. */
  dir?: number;
  /** Serial of the current station. */
  sn?: number;
  /** Arrival / departure time at that station. */
  at?: number;
  dt?: number;
  /** Planned departure / arrival, estimated departure / arrival. */
  pdt?: number;
  pat?: number;
  etd?: number;
  eta?: number;
  /** Distance to the next station, metres. */
  dist?: number;
}

export interface RealDataPassenger {
  on_day?: number;
  on_trip?: number;
  off_trip?: number;
  on_real?: number;
  off_real?: number;
}

export interface RealDataAttached {
  sat?: number;
  gsm?: number;
  dei?: string;
  den?: string;
  min_km?: number;
  max_km?: number;
  dt?: number;
  vl?: number;
  vs?: number;
  se?: number;
}

export interface RealDataCard {
  den?: string;
  dei?: string;
  dci?: string;
  dct?: number;
  n?: string;
  in?: number;
  e?: number;
  cen?: string;
  cei?: string;
  cct?: number;
}

/**
 * The terminal's own region reports on this position (0x0200 items 0x11–0x13; regions/push/area-report.ts).
 * Location type: 0 none, 1 circle, 2 rectangle, 3 polygon, 4 route; ids are the pushed regions' ids.
 */
export interface RealDataArea {
  /** 0x12 entering (dir 0) or leaving (dir 1) an area or route. */
  io?: { type: number; id: number; dir: number }[];
  /** 0x11 over-speed, with the area it applies to (none: type 0, no id). */
  speed?: { type: number; id?: number };
  /** 0x13 a route segment's drive time, s; res 0 too short, 1 too long. */
  time?: { id: number; sec: number; res: number };
}

export interface RealData {
  imei: string;
  lat: number;
  lng: number;
  /** Speed km/h. */
  v: number;
  /** Azimuth 0–359. */
  a: number;
  /** State bit flags (spec section 4: 0 ACC, 1 GPS valid, 4 online, 5 running, 7 deviation, …). */
  s: number;
  /** Warning bit flags (0 SOS, 1 speeding, …). */
  w: number;
  /** Event (device) time, receive (server) time, moving time. */
  et: number;
  rt: number;
  mt?: number;
  at?: number;
  route?: RealDataRoute;
  passenger?: RealDataPassenger;
  att?: RealDataAttached;
  card?: RealDataCard;
  area?: RealDataArea;
}
