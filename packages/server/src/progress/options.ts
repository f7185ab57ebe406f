/** Engine thresholds. Defaults are tuned for city buses reporting every 10–30 s with 5–10 m GPS noise. */
export interface ProgressOptions {
  /** Metres around a report in which path segments are candidates; beyond it the vehicle is off every path. */
  searchRadius: number;
  /** Grid cell size in metres. */
  gridCell: number;
  /** Along-path half-width of a station zone (arrival on entry, departure on exit). */
  stationRadius: number;
  /** Metres before / after the stop whose interpolated crossing gives the arrival / departure time. */
  arrivalAnchor: number;
  departureAnchor: number;
  /** Off the path by more than this (m) counts toward a deviation; such reports do not move progress. */
  deviationEnter: number;
  /** Back within this (m) counts toward clearing a deviation (hysteresis). */
  deviationExit: number;
  /** Consecutive off / on reports needed to enter / clear a deviation. */
  deviationEnterReports: number;
  deviationExitReports: number;
  /** Fastest plausible bus, m/s: bounds forward progress between reports. */
  maxSpeed: number;
  /** Backward movement (m) tolerated as GPS jitter without penalty; progress itself never goes backwards. */
  backwardTolerance: number;
  /** Forward movement (m) beyond what the reported speed explains that is still accepted without confirmation. */
  jumpAllowance: number;
  /** Along-path movement (m) ignored while the reported speed says the vehicle is standing. */
  stillNoise: number;
  /** Backward jump (m) that, seen on `resetReports` consecutive reports, restarts progress (vehicle really went back). */
  resetDistance: number;
  resetReports: number;
  /** How near (m) the end of a direction a vehicle must be to move on to the successor direction. */
  terminalZone: number;
  /** Consecutive reports another direction must win by before a mid-route direction change is accepted. */
  switchReports: number;
  /** Reports further apart than this (s) restart matching without continuity. */
  staleSeconds: number;
  /** Crossings interpolated over a longer gap (s) are marked estimated and do not teach segment times. */
  gapSeconds: number;
  /** Stationary at a terminal for this long (s) is a layover. */
  layoverSeconds: number;
  /** Below this speed (km/h) a vehicle is stationary and its azimuth is ignored. */
  stillSpeed: number;
  /** Default running speed (m/s) and dwell per station (s) when no schedule seeds segment times. */
  defaultSpeed: number;
  defaultDwell: number;
  /** EWMA weight of a new segment-time observation. */
  historyAlpha: number;
}

export const DEFAULT_OPTIONS: ProgressOptions = {
  searchRadius: 200,
  gridCell: 100,
  stationRadius: 30,
  arrivalAnchor: 10,
  departureAnchor: 10,
  deviationEnter: 70,
  deviationExit: 40,
  deviationEnterReports: 3,
  deviationExitReports: 2,
  maxSpeed: 25,
  backwardTolerance: 60,
  jumpAllowance: 20,
  stillNoise: 50,
  resetDistance: 300,
  resetReports: 3,
  terminalZone: 300,
  switchReports: 3,
  staleSeconds: 600,
  gapSeconds: 120,
  layoverSeconds: 120,
  stillSpeed: 3,
  defaultSpeed: 5,
  defaultDwell: 20,
  historyAlpha: 0.2,
};
