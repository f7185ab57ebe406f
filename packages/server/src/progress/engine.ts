/**
 * The route-progress engine: per vehicle bound to a line, turns each position report into direction, progress,
 * station events, deviation and ETA. Pure computation over in-memory state — the ingest feeds it reports in event
 * time order per vehicle and persists what comes out.
 */

import { StateMask, WarningMask } from '@headway/spec';
import { type CompiledLine, compileLine } from './compile.ts';
import { stepDeviation } from './deviation.ts';
import { createHistory, exportHistory, importHistory, type LineHistory, type SegmentTimes } from './history.ts';
import { createScratch, FREE, type MatchScratch, matchReport, type Prior, SAME, SWITCH, TERMINAL } from './match.ts';
import { DEFAULT_OPTIONS, type ProgressOptions } from './options.ts';
import { toX, toY } from './planar.ts';
import { buildSnapshot } from './snapshot.ts';
import { advanceTo, placeAt, record } from './stations.ts';
import type { LineGeometry, PositionReport, ProgressUpdate, StationEvent } from './types.ts';
import { matchVariants, VARIANT_REPORTS, type VariantMatch } from './variants.ts';
import { createVehicle, type TripPlan, type VehicleProgress } from './vehicle.ts';

/** Metres before a branch's rejoin point where a main-path fix still counts as having come back along the branch. */
const REJOIN_SLACK = 100;

/** One on-path match being applied (reused: no object per report). */
interface Fix {
  dirIndex: number;
  kind: number;
  along: number;
  time: number;
  /** Reported speed, m/s. */
  speed: number;
  /** Forward metres the speed explains since the last match. */
  plausible: number;
  /** The report says the vehicle is standing. */
  still: boolean;
  /** Was deviating before this report: progress moves but stations passed are not announced. */
  deviating: boolean;
}

interface LineEntry {
  line: CompiledLine;
  history: LineHistory;
  scratch: MatchScratch;
}

export class RouteProgressEngine {
  readonly options: ProgressOptions;
  private readonly lines = new Map<string, LineEntry>();
  private readonly vehicles = new Map<string, VehicleProgress>();
  private readonly prior: Prior = { dirIndex: -1, along: 0, dt: 0, atTerminal: false, expected: 0 };
  private readonly variantMatch: VariantMatch = { offset: 0, rejoin: -1, toRejoin: 0 };
  private readonly fix: Fix = {
    dirIndex: 0,
    kind: 0,
    along: 0,
    time: 0,
    speed: 0,
    plausible: 0,
    still: false,
    deviating: false,
  };

  constructor(options: Partial<ProgressOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Compiles and registers a line (replacing one with the same code; its learned history is kept if it fits). */
  setLine(geometry: LineGeometry): CompiledLine {
    const line = compileLine(geometry, this.options);
    const history = createHistory(line);
    const old = this.lines.get(line.routeCode);
    if (old) importHistory(line, history, exportHistory(old.line, old.history));
    this.lines.set(line.routeCode, { line, history, scratch: createScratch(line.directions.length) });
    return line;
  }

  removeLine(routeCode: string): void {
    this.lines.delete(routeCode);
  }

  /** Binds a vehicle to a line; rebinding to another line starts its progress afresh. */
  bind(vehicleId: string, routeCode: string): void {
    const v = this.vehicles.get(vehicleId);
    if (v && v.routeCode === routeCode) return;
    this.vehicles.set(vehicleId, createVehicle(routeCode));
  }

  unbind(vehicleId: string): void {
    this.vehicles.delete(vehicleId);
  }

  /** Planned times of the vehicle's current or next trip (from dispatch); shown as pdt/pat on that direction. */
  setTripPlan(vehicleId: string, plan: TripPlan | null): void {
    const v = this.vehicles.get(vehicleId);
    if (v) v.plan = plan;
  }

  segmentTimes(routeCode: string): SegmentTimes | null {
    const e = this.lines.get(routeCode);
    return e ? exportHistory(e.line, e.history) : null;
  }

  restoreSegmentTimes(saved: SegmentTimes): void {
    const e = this.lines.get(saved.routeCode);
    if (e) importHistory(e.line, e.history, saved);
  }

  /** Processes one report; null when the vehicle is not bound or its line is unknown. */
  update(vehicleId: string, report: PositionReport): ProgressUpdate | null {
    const v = this.vehicles.get(vehicleId);
    if (!v) return null;
    const entry = this.lines.get(v.routeCode);
    if (!entry) return null;
    // Out-of-order or repeated reports (terminals resend unacknowledged ones) must not move progress backwards.
    if (v.lastReport > 0 && report.time <= v.lastReport) return this.result(entry, v, report, [], null);
    return this.step(entry, v, report);
  }

  private step(entry: LineEntry, v: VehicleProgress, report: PositionReport): ProgressUpdate {
    const o = this.options;
    const { line, scratch } = entry;
    const t = report.time;
    const speedMs = report.speed / 3.6;
    v.speed = v.lastReport > 0 ? v.speed * 0.5 + speedMs * 0.5 : speedMs;
    if (report.speed < o.stillSpeed) {
      if (v.stillSince === 0) v.stillSince = t;
    } else v.stillSince = 0;
    v.lastReport = t;

    // On a branch that rejoins the main path, continuity is measured from where the vehicle was on the branch,
    // projected to the rejoin point, so coming back onto the main path is the expected move, not a jump.
    const onStretch = v.variantRejoin >= 0 && v.variantReports >= VARIANT_REPORTS;
    const since = onStretch ? v.variantTime : v.time;
    const fresh = v.matched && t - since <= o.staleSeconds;
    const prior = this.prior;
    prior.dirIndex = fresh ? v.dirIndex : -1;
    prior.along = onStretch ? Math.max(v.along, v.variantRejoin - v.variantToRejoin) : v.along;
    prior.dt = t - since;
    prior.atTerminal = fresh && v.pointer >= line.directions[v.dirIndex]!.thresholds.length - 2;
    prior.expected = (Math.max(speedMs, v.speed) * 1.5 + 1) * prior.dt + o.jumpAllowance;
    const heading = report.speed >= 8 ? report.azimuth : -1;
    const x = toX(line.frame, report.lng);
    const y = toY(line.frame, report.lat);
    let best = matchReport(line, x, y, heading, prior, o, scratch);

    // A mid-route change of direction needs consecutive reports agreeing; until then keep the current direction.
    if (best >= 0 && scratch.kind[best] === SWITCH) {
      v.switchVotes = v.switchDir === best ? v.switchVotes + 1 : 1;
      v.switchDir = best;
      if (v.switchVotes < o.switchReports) best = Number.isFinite(scratch.cost[v.dirIndex]!) ? v.dirIndex : -1;
    } else {
      v.switchVotes = 0;
      v.switchDir = -1;
    }

    let offset = best >= 0 ? scratch.offset[best]! : Number.POSITIVE_INFINITY;
    // Off the main path: on one of the direction's variants (a branch) the vehicle is on its route. Looked up only
    // here, so reports on the main path pay nothing for variants.
    // The successor's variants count too: a trip ending at a branch terminal is followed by one starting there.
    if (v.matched && offset > o.deviationExit) {
      const current = line.directions[v.dirIndex]!;
      const vm = this.variantMatch;
      if (current.variants) {
        matchVariants(current.variants, x, y, o.searchRadius, vm);
        if (vm.offset <= o.deviationExit) {
          v.variantReports++;
          v.variantRejoin = vm.rejoin;
          v.variantToRejoin = vm.toRejoin;
          v.variantTime = t;
          v.variantSpeed = speedMs;
        }
        if (vm.offset < offset) offset = vm.offset;
      }
      const next = line.directions[current.successor]!;
      if (offset > o.deviationExit && next !== current && next.variants) {
        matchVariants(next.variants, x, y, o.searchRadius, vm);
        if (vm.offset < offset) offset = vm.offset;
      }
    }
    v.offset = offset;
    const wasDeviating = v.deviation.deviating;
    // Deviation is leaving the route during a trip: between departing the origin and reaching the terminal. A bus
    // still in the depot, deadheading between trips, laying over, or marked out of service (state bit 9) is not
    // on a trip and raises no alarm.
    const thresholds = line.directions[v.dirIndex]!.thresholds.length;
    const onTrip = v.matched && v.pointer >= 2 && v.pointer <= thresholds - 2;
    const judged = onTrip && (report.state & StateMask.outOfService) === 0;
    const change = judged || wasDeviating ? stepDeviation(v.deviation, judged ? offset : 0, o) : 0;
    const events: StationEvent[] = [];
    // Only a fix close to the path moves progress: between the deviation thresholds it is too doubtful to stamp a
    // station event on, beyond them the vehicle is off the route.
    if (best >= 0 && scratch.offset[best]! <= o.deviationExit) {
      let kind = scratch.kind[best]!;
      const along = scratch.along[best]!;
      // Back after a long silence (device off, tunnel) further along the same direction: carry on, with the
      // stations passed meanwhile marked estimated, rather than forgetting the trip.
      if (kind === FREE && v.matched && best === v.dirIndex && along >= v.along - o.backwardTolerance) kind = SAME;
      const fix = this.fix;
      fix.dirIndex = best;
      fix.kind = kind;
      fix.along = along;
      fix.time = t;
      fix.speed = speedMs;
      fix.plausible = prior.expected;
      fix.still = report.speed < o.stillSpeed;
      fix.deviating = wasDeviating;
      // Only a fix at the junction or beyond is a rejoin. One before it is a vehicle that came back the way it went
      // (or a multipath fix that happened to land on the branch): nothing was bypassed.
      const rejoined = along >= v.variantRejoin - REJOIN_SLACK && v.variantReports >= VARIANT_REPORTS;
      if (v.variantRejoin >= 0 && kind === SAME && best === v.dirIndex && rejoined) this.rejoin(entry, v, events);
      v.variantRejoin = -1;
      v.variantReports = 0;
      this.move(entry, v, fix, events);
    }
    const deviation =
      change === 0 ? null : { kind: change === 1 ? ('start' as const) : ('end' as const), time: t, offset };
    return this.result(entry, v, report, events, deviation);
  }

  /** Applies an on-path match: direction change, progress, station events. */
  private move(entry: LineEntry, v: VehicleProgress, fix: Fix, events: StationEvent[]): void {
    const o = this.options;
    const { line } = entry;
    const { dirIndex, kind, along, time: t, plausible, still } = fix;
    const gap = t - v.time;
    const speedBefore = v.timeSpeed;
    // Every path below that sets v.time to this report also leaves its speed beside it; the jump guards return
    // before, keeping both at the last accepted report.
    v.timeSpeed = fix.speed;
    if (kind === FREE || kind === SWITCH || (kind !== TERMINAL && !v.matched)) {
      v.matched = true;
      v.dirIndex = dirIndex;
      v.along = along;
      v.time = t;
      v.backward = 0;
      placeAt(line.directions[dirIndex]!, v, along);
      return;
    }
    if (kind === TERMINAL) {
      // The same guard as below, measured from the new origin: one bad fix must not start the next trip.
      const origin = line.directions[dirIndex]!.stationAlong[0] ?? 0;
      if (along - origin > plausible && !v.jumpPending) {
        v.jumpPending = true;
        return;
      }
      this.turnAround(entry, v, fix, events);
    } else if (along < v.along - o.resetDistance) {
      // Far behind the held progress: one fix could be a wrong match, several in a row mean the bus went back.
      if (++v.backward >= o.resetReports) {
        v.along = along;
        v.time = t;
        v.backward = 0;
        placeAt(line.directions[dirIndex]!, v, along);
      }
      return;
    }
    v.backward = 0;
    // A standing bus (speed 0) does not leave a station: small along movements are GPS noise, and held as a running
    // maximum they would creep across the zone exit during a long dwell. It may still arrive (the first standing
    // report after braking often is the arrival). A real move while the speed reads 0 is accepted once it is
    // clearly beyond the noise, and then confirmed by the jump guard below.
    let target = along;
    if (still && along - v.along < o.stillNoise) {
      const thr = line.directions[v.dirIndex]!.thresholds;
      const exit = (v.pointer & 1) === 1 ? v.pointer : v.pointer + 1;
      if (exit < thr.length && target >= thr[exit]!) target = Math.max(v.along, thr[exit]! - 0.01);
    }
    // A fix far ahead of what the reported speed allows is a multipath jump along the street (it shows no offset)
    // until the next report confirms it; otherwise a bus dwelling at a stop would "depart" on one bad fix.
    if (target - v.along > plausible && !v.jumpPending && kind === SAME) {
      v.jumpPending = true;
      v.timeSpeed = speedBefore;
      return;
    }
    v.jumpPending = false;
    if (target > v.along) {
      const history = entry.history.directions[v.dirIndex]!;
      advanceTo(line, v, history, target, t, speedBefore, fix.speed, !fix.deviating, gap > o.gapSeconds, o, events);
      v.along = target;
    }
    v.time = t;
  }

  /**
   * Back on the main path after a variant stretch. The main-path stations the stretch bypassed (before its rejoin
   * point, less a zone radius so a station at the junction is still announced) are passed without events; then
   * progress restarts from where the vehicle was at its last report on the branch, in main-path metres, so the
   * stations after the junction get interpolated times like any other.
   */
  private rejoin(entry: LineEntry, v: VehicleProgress, events: StationEvent[]): void {
    const o = this.options;
    const rejoin = v.variantRejoin;
    const bypassedTo = rejoin - o.stationRadius - 1;
    if (bypassedTo > v.along) {
      const history = entry.history.directions[v.dirIndex]!;
      advanceTo(
        entry.line,
        v,
        history,
        bypassedTo,
        v.variantTime,
        v.timeSpeed,
        v.variantSpeed,
        false,
        false,
        o,
        events,
      );
    }
    v.along = rejoin - v.variantToRejoin;
    v.time = v.variantTime;
    v.timeSpeed = v.variantSpeed;
  }

  /**
   * The vehicle left its terminal onto the successor direction. The last report on the old direction is the last
   * moment it was known at the terminal: that is the terminal departure and the new origin's arrival; the origin
   * departure then comes from the normal zone crossing, interpolated from there.
   */
  private turnAround(entry: LineEntry, v: VehicleProgress, fix: Fix, events: StationEvent[]): void {
    const { dirIndex, along, time: t, speed, deviating } = fix;
    const o = this.options;
    const { line } = entry;
    const old = line.directions[v.dirIndex]!;
    const last = old.thresholds.length - 1;
    if (v.pointer < last) {
      // Turned onto the next trip between two reports without a report inside the terminal zone: the terminal was
      // still reached. Cross to the end of the old path, timed by the share of the distance covered there.
      const oldLeft = Math.max(0, old.length - v.along);
      const newDone = Math.max(0, along - (line.directions[dirIndex]!.stationAlong[0] ?? 0));
      const tEnd = v.time + ((t - v.time) * oldLeft) / Math.max(1, oldLeft + newDone);
      const history = entry.history.directions[v.dirIndex]!;
      advanceTo(line, v, history, old.length, tEnd, speed, speed, !deviating, tEnd - v.time > o.gapSeconds, o, events);
      v.along = old.length;
      v.time = tEnd;
    }
    if (v.pointer === last) record(line, old, v, entry.history.directions[v.dirIndex]!, last, v.time, false, o, events);
    const next = line.directions[dirIndex]!;
    v.dirIndex = dirIndex;
    v.stationIndex = -1;
    v.tripDeparture = 0;
    v.learnIndex = -1;
    v.along = next.stationAlong.length > 0 ? Math.min(next.stationAlong[0]!, next.thresholds[1] ?? 0) : 0;
    v.pointer = 0;
    if (next.thresholds.length > 0) {
      record(line, next, v, entry.history.directions[dirIndex]!, 0, v.time, false, o, events);
      v.pointer = 1;
    }
    if (v.plan && v.plan.direction !== next.direction) v.plan = null;
  }

  private result(
    entry: LineEntry,
    v: VehicleProgress,
    report: PositionReport,
    events: StationEvent[],
    deviation: ProgressUpdate['deviation'],
  ): ProgressUpdate {
    const deviating = v.deviation.deviating;
    return {
      snapshot: buildSnapshot(entry.line, entry.history, v, report.time, this.options),
      stationEvents: events,
      deviation,
      state: deviating ? report.state | StateMask.deviation : report.state & ~StateMask.deviation,
      warningMask: deviating ? WarningMask.routeDeviation : 0,
    };
  }
}
