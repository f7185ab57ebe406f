import { distanceMetres, pointAlong } from '@headway/server/lines';
import type { SimDuty, SimTrip } from '../plan/types.ts';
import type { MotionPhase, MotionState, StationEvent } from './events.ts';
import type { Rng } from './rng.ts';
import { TrafficNoise, timeOfDayFactor } from './traffic.ts';

export interface MotionOptions {
  /** Free-flow top speed, km/h (default 55: arterials; the timetable and traffic keep the average far lower). */
  maxSpeedKmh?: number;
  /** Seconds from local midnight at epoch 0 of the schedule, to read the time of day (the feed's zone offset). */
  utcOffsetSeconds?: number;
  /** Minutes before the first departure the vehicle powers up. */
  warmUpSeconds?: number;
  /** Probability per trip of a detour off the shape (route deviation). */
  detourChance?: number;
}

const ACCEL = 1.0; // m/s², a loaded city bus
const DECEL = 1.3;
const BOARD_SECONDS = 2.5;
const CAPACITY = 80;

/**
 * One bus driving its duty along the real shapes, advanced in one-second steps. Speed follows the timetable
 * (aiming at the next scheduled arrival plus the vehicle's own punctuality bias), capped by traffic: the time of
 * day times a random walk, plus the odd red light. It dwells at every stop with doors open while passengers board
 * and alight, holds when more than a minute early, and lays over at terminals between trips.
 * Pure and deterministic for a given Rng: no clock, no I/O; callers advance it to a time.
 */
export class VehicleMotion {
  private readonly traffic: TrafficNoise;
  private readonly maxSpeed: number;
  private readonly speedLimitFactor: number;
  private readonly utcOffset: number;
  /** Seconds this driver runs late (+) or early (−) on average. */
  readonly bias: number;
  private time: number;
  private phase: MotionPhase = 'parked';
  private tripIndex = 0;
  private stopIndex = 0;
  private along = 0;
  private speed = 0; // m/s
  private odometer: number;
  private dwellUntil = 0;
  private redLightUntil = 0;
  private lat: number;
  private lng: number;
  private heading = 0;
  private stoppedSince: number;
  private deadheadFrom: { lat: number; lng: number; dist: number; done: number } | null = null;
  private detour: { start: number; end: number; metres: number } | null = null;
  private readonly pax = { onboard: 0, onDay: 0, onTrip: 0, offTrip: 0, onLast: 0, offLast: 0 };
  private readonly warmUp: number;
  private readonly detourChance: number;
  /** Detours taken so far on this duty. */
  detours = 0;

  constructor(
    readonly duty: SimDuty,
    private readonly rng: Rng,
    startTime: number,
    options: MotionOptions = {},
  ) {
    this.traffic = new TrafficNoise(rng.fork('traffic'));
    this.maxSpeed = (options.maxSpeedKmh ?? 55) / 3.6;
    // One driver in ten pushes past the limit when the road is clear: the source of overspeed alarms.
    this.speedLimitFactor = rng.chance(0.1) ? 1.2 : 1;
    this.utcOffset = options.utcOffsetSeconds ?? 0;
    this.warmUp = options.warmUpSeconds ?? 600;
    this.detourChance = options.detourChance ?? 0.03;
    // Most drivers run a little late; a few run early (spec on-time reports need both).
    this.bias = Math.round(Math.max(-150, Math.min(420, rng.normal(60, 110))));
    this.odometer = rng.int(20_000, 400_000) * 1000;
    const first = duty.trips[0]!;
    this.lat = first.shape.lats[0]!;
    this.lng = first.shape.lngs[0]!;
    const p = pointAlong(first.shape, first.stops[0]!.along);
    this.lat = p.lat;
    this.lng = p.lng;
    this.heading = p.azimuth;
    this.along = first.stops[0]!.along;
    this.time = startTime;
    this.stoppedSince = startTime;
    this.fastForward(startTime);
  }

  get currentTrip(): SimTrip {
    return this.duty.trips[Math.min(this.tripIndex, this.duty.trips.length - 1)]!;
  }

  /** Epoch seconds when the duty's last trip is scheduled to end. */
  get scheduledEnd(): number {
    const last = this.duty.trips[this.duty.trips.length - 1]!;
    return last.stops[last.stops.length - 1]!.arrival;
  }

  /**
   * Starting mid-duty (the demo starts at "now"): place the vehicle where the schedule says it is, without
   * simulating the hours before, so a fleet of thousands starts instantly.
   */
  private fastForward(t: number): void {
    const trips = this.duty.trips;
    const index = trips.findIndex((trip) => trip.stops[trip.stops.length - 1]!.arrival + this.bias > t);
    if (index < 0) {
      this.tripIndex = trips.length - 1;
      const trip = trips[this.tripIndex]!;
      this.stopIndex = trip.stops.length - 1;
      this.moveTo(trip, trip.stops[this.stopIndex]!.along);
      this.phase = 'done';
      return;
    }
    this.tripIndex = index;
    const trip = trips[index]!;
    const start = trip.stops[0]!.departure + this.bias;
    if (t < start) {
      this.stopIndex = 0;
      this.moveTo(trip, trip.stops[0]!.along);
      this.phase = index === 0 && t < start - this.warmUp ? 'parked' : 'layover';
      return;
    }
    // Between stops k and k+1 by schedule.
    let k = 0;
    while (k < trip.stops.length - 1 && trip.stops[k + 1]!.arrival + this.bias <= t) k++;
    const a = trip.stops[k]!;
    const b = trip.stops[Math.min(k + 1, trip.stops.length - 1)]!;
    const span = b.arrival - a.departure;
    const frac = span > 0 ? Math.min(1, Math.max(0, (t - this.bias - a.departure) / span)) : 0;
    this.stopIndex = k + 1;
    this.moveTo(trip, a.along + (b.along - a.along) * frac);
    this.phase = 'driving';
    this.pax.onboard = this.rng.int(5, 30);
  }

  /** Advances to time t (epoch seconds) in one-second steps; returns the station events on the way. */
  advanceTo(t: number): StationEvent[] {
    const events: StationEvent[] = [];
    while (this.time < t) {
      this.time++;
      this.tick(events);
    }
    return events;
  }

  private tick(events: StationEvent[]): void {
    const now = this.time;
    const trip = this.currentTrip;
    switch (this.phase) {
      case 'parked':
        if (now >= trip.stops[0]!.departure + this.bias - this.warmUp) this.phase = 'layover';
        return;
      case 'done':
        return;
      case 'layover': {
        const depart = trip.stops[0]!.departure + Math.min(this.bias, 120);
        if (this.stopIndex === 0 && now >= depart - 60) {
          // Doors open for the last minute of layover: the first stop's boarding.
          this.arriveAt(trip, 0, events, depart);
        }
        return;
      }
      case 'dwell':
        if (now >= this.dwellUntil) this.departFrom(trip, events);
        return;
      case 'deadhead':
        this.stepDeadhead();
        return;
      case 'driving':
        this.stepDriving(trip, events);
        return;
    }
  }

  private stepDriving(trip: SimTrip, events: StationEvent[]): void {
    const now = this.time;
    const next = trip.stops[this.stopIndex]!;
    const remaining = next.along - this.along;
    const secondsOfDay = now + this.utcOffset;
    const cap = Math.min(
      this.maxSpeed * this.speedLimitFactor,
      this.maxSpeed * timeOfDayFactor(secondsOfDay) * this.traffic.step(1),
    );
    let target: number;
    if (now < this.redLightUntil) target = 0;
    else {
      if (this.speed > 3 && this.rng.chance(1 / 360)) this.redLightUntil = now + this.rng.int(15, 60);
      // Aim at the scheduled arrival (plus bias), never slower than a crawl, never faster than traffic allows.
      const timeLeft = Math.max(5, next.arrival + this.bias - now);
      target = Math.min(cap, Math.max(remaining / timeLeft, 3.5));
      // Brake to stop at the station.
      target = Math.min(target, Math.sqrt(2 * DECEL * Math.max(0, remaining)) + 0.5);
    }
    if (target > this.speed) this.speed = Math.min(target, this.speed + ACCEL);
    else this.speed = Math.max(target, this.speed - DECEL * 1.5);
    const step = Math.min(this.speed, Math.max(0, remaining));
    this.along += step;
    this.odometer += step;
    if (this.speed > 0.3) this.stoppedSince = now;
    this.moveTo(trip, this.along);
    if (remaining - step <= 0.5) {
      this.speed = 0;
      this.arriveAt(trip, this.stopIndex, events, next.departure + this.bias);
    }
  }

  private arriveAt(trip: SimTrip, index: number, events: StationEvent[], plannedDeparture: number): void {
    const stop = trip.stops[index]!;
    this.phase = 'dwell';
    this.stopIndex = index;
    this.along = stop.along;
    this.moveTo(trip, stop.along);
    events.push(this.event(1, trip, index, stop.arrival));
    const last = index === trip.stops.length - 1;
    const hour = ((this.time + this.utcOffset) % 86400) / 3600;
    const demand = hour < 6 || hour > 22 ? 0.6 : (hour > 7 && hour < 9.5) || (hour > 16 && hour < 19) ? 4 : 2;
    const off = last ? this.pax.onboard : Math.min(this.pax.onboard, this.rng.poisson(this.pax.onboard * 0.12));
    const on = last ? 0 : Math.min(CAPACITY - (this.pax.onboard - off), this.rng.poisson(demand));
    this.pax.onboard += on - off;
    this.pax.onDay += on;
    this.pax.onTrip += on;
    this.pax.offTrip += off;
    this.pax.onLast = on;
    this.pax.offLast = off;
    // Late drivers hurry the doors; a short minimum keeps the door bits visible in 10 s reports now and then.
    const late = this.time > stop.arrival + this.bias + 120;
    const dwell = Math.max(late ? 5 : 8, 5 + BOARD_SECONDS * Math.max(on, off / 2));
    // Running early by more than a minute: hold at the stop (operators instruct drivers to).
    this.dwellUntil = Math.max(this.time + dwell, Math.min(plannedDeparture, stop.departure + this.bias) - 60);
    if (index === 0) this.dwellUntil = Math.max(this.time + dwell, plannedDeparture);
  }

  private departFrom(trip: SimTrip, events: StationEvent[]): void {
    const index = this.stopIndex;
    events.push(this.event(2, trip, index, trip.stops[index]!.departure));
    if (index >= trip.stops.length - 1) {
      this.finishTrip();
      return;
    }
    this.stopIndex = index + 1;
    this.phase = 'driving';
    this.stoppedSince = this.time;
    if (!this.detour && this.rng.chance(this.detourChance / trip.stops.length)) {
      const a = trip.stops[index]!.along;
      const b = trip.stops[Math.min(index + 3, trip.stops.length - 1)]!.along;
      if (b - a > 300) {
        this.detour = { start: a, end: b, metres: this.rng.range(150, 400) };
        this.detours++;
      }
    }
  }

  private finishTrip(): void {
    this.pax.onTrip = 0;
    this.pax.offTrip = 0;
    this.detour = null;
    if (this.tripIndex >= this.duty.trips.length - 1) {
      this.phase = 'done';
      return;
    }
    this.tripIndex++;
    this.stopIndex = 0;
    const trip = this.currentTrip;
    const start = pointAlong(trip.shape, trip.stops[0]!.along);
    const gap = distanceMetres(this.lat, this.lng, start.lat, start.lng);
    this.along = trip.stops[0]!.along;
    if (gap > 200) {
      // The next trip starts elsewhere (interlined block): drive there off-route.
      this.deadheadFrom = { lat: this.lat, lng: this.lng, dist: gap, done: 0 };
      this.phase = 'deadhead';
    } else this.phase = 'layover';
  }

  private stepDeadhead(): void {
    const d = this.deadheadFrom!;
    const trip = this.currentTrip;
    const to = pointAlong(trip.shape, trip.stops[0]!.along);
    this.speed = Math.min(this.maxSpeed * 0.8, this.speed + ACCEL);
    d.done = Math.min(d.dist, d.done + this.speed);
    this.odometer += this.speed;
    const f = d.dist > 0 ? d.done / d.dist : 1;
    this.lat = d.lat + (to.lat - d.lat) * f;
    this.lng = d.lng + (to.lng - d.lng) * f;
    this.stoppedSince = this.time;
    if (f >= 1) {
      this.speed = 0;
      this.deadheadFrom = null;
      this.moveTo(trip, trip.stops[0]!.along);
      this.phase = 'layover';
    }
  }

  private moveTo(trip: SimTrip, along: number): void {
    this.along = along;
    const p = pointAlong(trip.shape, along);
    this.lat = p.lat;
    this.lng = p.lng;
    this.heading = p.azimuth;
    const offset = this.detourOffset(along);
    if (offset > 0) {
      // Shift to the right of travel: a parallel street.
      const rad = ((p.azimuth + 90) * Math.PI) / 180;
      this.lat += (offset * Math.cos(rad)) / 111_320;
      this.lng += (offset * Math.sin(rad)) / (111_320 * Math.cos((p.lat * Math.PI) / 180));
    }
  }

  private detourOffset(along: number): number {
    const d = this.detour;
    if (!d || along <= d.start || along >= d.end) return 0;
    const ramp = Math.min(along - d.start, d.end - along, 150) / 150;
    return d.metres * ramp;
  }

  private event(flag: 1 | 2, trip: SimTrip, index: number, scheduled: number): StationEvent {
    const stop = trip.stops[index]!;
    return {
      flag,
      time: this.time,
      scheduled,
      tripId: trip.tripId,
      routeCode: trip.routeCode,
      direction: trip.direction,
      stopId: stop.stopId,
      serial: stop.serial,
      stationName: stop.stationName,
      stopSequence: index + 1,
      lat: this.lat,
      lng: this.lng,
    };
  }

  state(): MotionState {
    const trip = this.currentTrip;
    const dwell = this.phase === 'dwell';
    const busy = this.pax.onLast + this.pax.offLast;
    return {
      time: this.time,
      lat: this.lat,
      lng: this.lng,
      speed: Math.round(this.speed * 3.6 * 10) / 10,
      azimuth: this.heading,
      odometer: this.odometer,
      accOn: this.phase !== 'parked' && this.phase !== 'done',
      doors: [dwell, dwell && busy > 2, dwell && busy > 8],
      phase: this.phase,
      tripId: trip.tripId,
      routeCode: trip.routeCode,
      direction: trip.direction,
      detourMetres: Math.round(this.detourOffset(this.along)),
      stoppedFor: this.time - this.stoppedSince,
      passengers: { ...this.pax },
    };
  }
}
