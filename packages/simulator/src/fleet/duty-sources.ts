import { Rng } from '../motion/rng.ts';
import { type DatedDuty, dutiesAt, dutiesOfDay, type FeedSchedule, simDuty } from '../plan/from-feed.ts';
import type { SimDuty } from '../plan/types.ts';
import type { DutySource, FleetVehicleSpec } from './fleet.ts';

const key = (d: DatedDuty) => `${d.dayStart}|${d.duty.serviceId}|${d.duty.blockId}`;

/**
 * The demo's dispatcher: an idle bus takes the earliest block of its own line that is out now (or due within
 * the lead time) and not yet taken by another bus. `timeShift` moves the whole timetable (seconds), so a demo
 * started at night can still show the day's service.
 */
export class LineDutySource implements DutySource {
  private readonly taken = new Set<string>();

  constructor(
    private readonly schedule: FeedSchedule,
    private readonly timeShift = 0,
    private readonly leadSeconds = 900,
  ) {}

  next(vehicle: FleetVehicleSpec, simNow: number): SimDuty | null {
    const candidates = dutiesAt(this.schedule, simNow - this.timeShift, this.leadSeconds)
      .filter((d) => d.duty.routeCode === vehicle.routeCode && !this.taken.has(key(d)))
      .sort((a, b) => a.dayStart + a.duty.startTime - (b.dayStart + b.duty.startTime));
    const pick = candidates[0];
    if (!pick) return null;
    this.taken.add(key(pick));
    return simDuty(this.schedule, pick, this.timeShift);
  }
}

/**
 * For load runs with more terminals than buses are out: vehicle i drives block i mod B of the day, shifted in
 * time so that now falls somewhere inside it. Positions stay on real shapes and schedules; only the clock of
 * each copy differs.
 */
export class LoadDutySource implements DutySource {
  private readonly index = new Map<string, number>();
  private readonly rng: Rng;
  private duties: DatedDuty[] = [];

  constructor(
    private readonly schedule: FeedSchedule,
    specs: FleetVehicleSpec[],
    seed: number | string = 1,
  ) {
    for (const [i, s] of specs.entries()) this.index.set(s.phone, i);
    this.rng = new Rng(seed);
  }

  next(vehicle: FleetVehicleSpec, simNow: number): SimDuty | null {
    if (this.duties.length === 0) {
      this.duties = dutiesOfDay(this.schedule, simNow).sort(
        (a, b) => a.duty.startTime - b.duty.startTime || a.duty.blockId.localeCompare(b.duty.blockId),
      );
      if (this.duties.length === 0) return null;
    }
    const i = this.index.get(vehicle.phone) ?? 0;
    const dated = this.duties[(i + this.rng.int(0, 3)) % this.duties.length]!;
    const span = dated.duty.endTime - dated.duty.startTime;
    const at = dated.dayStart + dated.duty.startTime + Math.floor(this.rng.range(0.05, 0.9) * span);
    return simDuty(this.schedule, dated, simNow - at);
  }
}
