/**
 * A synthetic ground-truth drive for measuring the engine: a bus runs trips along a line's paths with realistic
 * acceleration, cruise speeds that vary per segment, red lights, dwell at most stations and layovers at the
 * terminals. The true arrival/departure per station is recorded; reports are sampled every `interval` seconds
 * with Gaussian GPS noise and the odd multipath outlier. Deterministic for a given seed.
 */

import { StateMask } from '@headway/spec';
import type { TruthVisit } from '../accuracy.ts';
import { haversineMetres } from '../planar.ts';
import type { DirectionGeometry, LineGeometry, PositionReport } from '../types.ts';

export interface DriveOptions {
  seed: number;
  vehicleId: string;
  startTime: number;
  trips: number;
  /** Seconds between reports. */
  interval: number;
  /** GPS noise standard deviation per axis, metres. */
  noise: number;
  /** Share of fixes thrown 40–80 m off (multipath). */
  outliers: number;
  /** Share of stations where the bus stops (others it passes at speed). */
  stopShare: number;
  layover: number;
}

export interface Drive {
  reports: PositionReport[];
  truth: TruthVisit[];
}

const STEP = 0.25; // s, kinematics step
const ACCEL = 1.0; // m/s²
const DECEL = 1.2;

export function simulateDrive(line: LineGeometry, opts: DriveOptions): Drive {
  const rand = mulberry32(opts.seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const truth: TruthVisit[] = [];
  const reports: PositionReport[] = [];
  let t = opts.startTime;
  let nextReport = t + rand() * opts.interval;
  const emit = (lat: number, lng: number, speed: number, heading: number) => {
    while (nextReport <= t) {
      const outlier = rand() < opts.outliers;
      const sigma = opts.noise;
      const ex = outlier ? (40 + rand() * 40) * (rand() < 0.5 ? -1 : 1) : gauss() * sigma;
      const ey = outlier ? (40 + rand() * 40) * (rand() < 0.5 ? -1 : 1) : gauss() * sigma;
      const kmh = Math.max(0, speed * 3.6 + (speed > 0.5 ? gauss() * 2 : 0));
      reports.push({
        lat: lat + ey / 111_320,
        lng: lng + ex / (111_320 * Math.cos((lat * Math.PI) / 180)),
        speed: Math.round(kmh),
        azimuth: Math.round((heading + gauss() * 8 + 360) % 360),
        time: Math.round(nextReport),
        state: StateMask.accOn | StateMask.gpsValid | (speed > 0.5 ? StateMask.running : 0),
      });
      nextReport += opts.interval;
    }
  };
  const hold = (seconds: number, lat: number, lng: number, heading: number) => {
    const end = t + seconds;
    while (t < end) {
      t += STEP;
      emit(lat, lng, 0, heading);
    }
  };

  for (let trip = 0; trip < opts.trips; trip++) {
    const dir = line.directions[trip % line.directions.length]!;
    const walk = pathWalker(dir);
    const stations = dir.stations.map((s) => Math.min(walk.length, Math.max(0, s.distance)));
    const visits: TruthVisit[] = dir.stations.map((s) => ({
      vehicleId: opts.vehicleId,
      routeCode: line.routeCode,
      direction: dir.direction,
      serial: s.serial,
      arrival: null,
      departure: null,
    }));
    // At the origin the bus has been waiting through its layover: only the departure is a defined moment, and at
    // the terminal only the arrival (the truth leaves the other null, as the engine's times there are conventions).
    const p0 = walk.at(stations[0]!);
    hold(30 + rand() * 30, p0.lat, p0.lng, p0.heading);
    visits[0]!.departure = Math.round(t);
    let s = stations[0]!;
    let v = 0;
    for (let k = 1; k < stations.length; k++) {
      const target = stations[k]!;
      const last = k === stations.length - 1;
      const stops = last || rand() < opts.stopShare;
      const cruise = 6 + rand() * 8;
      // A red light somewhere in the segment on a third of segments.
      const light = target - s > 150 && rand() < 0.33 ? s + 50 + rand() * (target - s - 100) : -1;
      let lightDone = light < 0;
      while (s < target - 0.01) {
        const stopAt = !lightDone ? light : stops ? target : Number.POSITIVE_INFINITY;
        const brake = (v * v) / (2 * DECEL);
        if (stopAt - s <= brake + 0.5) v = Math.max(0, v - DECEL * STEP);
        else v = Math.min(cruise, v + ACCEL * STEP);
        if (v < 0.3 && stopAt - s <= brake + 0.5) {
          // Creep the last bit so kinematics always reach the stop line.
          v = Math.min(0.5, stopAt - s);
        }
        const before = s;
        s = Math.min(s + v * STEP, target);
        t += STEP;
        if (!stops && before < target && s >= target) {
          visits[k]!.arrival = Math.round(t);
          visits[k]!.departure = Math.round(t);
        }
        const p = walk.at(s);
        emit(p.lat, p.lng, v, p.heading);
        if (!lightDone && s >= light - 0.5 && v <= 0.5) {
          lightDone = true;
          v = 0;
          hold(10 + rand() * 35, p.lat, p.lng, p.heading);
        }
      }
      s = target;
      if (stops) {
        v = 0;
        const p = walk.at(s);
        visits[k]!.arrival = Math.round(t);
        if (last) {
          hold(opts.layover / 2, p.lat, p.lng, p.heading);
        } else {
          hold(8 + rand() * 35, p.lat, p.lng, p.heading);
          visits[k]!.departure = Math.round(t);
        }
      } else if (visits[k]!.arrival === null) {
        visits[k]!.arrival = Math.round(t);
        visits[k]!.departure = Math.round(t);
      }
    }
    truth.push(...visits);
    // Deadhead from this terminal to the next trip's origin, then wait out the rest of the layover there.
    const nextDir = line.directions[(trip + 1) % line.directions.length]!;
    const from = walk.at(walk.length);
    const to = pathWalker(nextDir).at(Math.max(0, nextDir.stations[0]?.distance ?? 0));
    const gap = haversineMetres(from.lat, from.lng, to.lat, to.lng);
    const steps = Math.ceil(gap / 5 / STEP);
    for (let i = 1; i <= steps; i++) {
      t += STEP;
      const f = i / steps;
      emit(from.lat + (to.lat - from.lat) * f, from.lng + (to.lng - from.lng) * f, 5, to.heading);
    }
    hold(opts.layover / 2, to.lat, to.lng, to.heading);
  }
  return { reports, truth };
}

interface PathPoint {
  lat: number;
  lng: number;
  heading: number;
}

/** Point at a distance along a path; distances are great-circle metres, as station distances are. */
export function pathWalker(dir: DirectionGeometry): { length: number; at(along: number): PathPoint } {
  const path = dir.path;
  const cum = [0];
  for (let i = 1; i < path.length; i++) {
    cum.push(cum[i - 1]! + haversineMetres(path[i - 1]![1], path[i - 1]![0], path[i]![1], path[i]![0]));
  }
  const length = cum[cum.length - 1]!;
  let hint = 0;
  return {
    length,
    at(along: number): PathPoint {
      const d = Math.max(0, Math.min(length, along));
      if (cum[hint]! > d) hint = 0;
      while (hint < path.length - 2 && cum[hint + 1]! < d) hint++;
      const a = path[hint]!;
      const b = path[Math.min(hint + 1, path.length - 1)]!;
      const seg = cum[Math.min(hint + 1, path.length - 1)]! - cum[hint]!;
      const f = seg > 0 ? (d - cum[hint]!) / seg : 0;
      const dx = (b[0] - a[0]) * Math.cos((a[1] * Math.PI) / 180);
      const dy = b[1] - a[1];
      const heading = ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360;
      return { lng: a[0] + (b[0] - a[0]) * f, lat: a[1] + (b[1] - a[1]) * f, heading };
    },
  };
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
