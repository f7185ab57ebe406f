import { WarningMask as Warning } from '@headway/spec';
import type { MotionState } from '../motion/events.ts';
import type { Rng } from '../motion/rng.ts';
import { EVIDENCE_FILES_PER_ALARM } from './evidence.ts';

/** An active-safety alarm to attach to the next report (T/JSATL 12 0x64 ADAS / 0x65 DSM). */
export interface SafetyEvent {
  kind: 'adas' | 'dsm';
  alarmId: number;
  /** ADAS: 1 forward collision, 2 lane departure, 3 headway; DSM: 1 fatigue, 2 phone, 3 smoking, 4 distraction. */
  type: number;
  level: 1 | 2;
  /** Files the terminal holds for the alarm and uploads when the platform asks (0x9208): evidence.ts. */
  attachmentCount: number;
  seq: number;
}

export interface EventRates {
  /** Per vehicle-hour. */
  sos: number;
  powerCut: number;
  adas: number;
  dsm: number;
}

export const DEFAULT_RATES: EventRates = { sos: 0.01, powerCut: 0.01, adas: 0.3, dsm: 0.2 };

/**
 * The demo fleet's: about 90 buses, a third to a half of them above 15 km/h at any time (reports every 10 s),
 * raise an ADAS or DSM alarm with evidence every 20–30 s between them and an SOS about every half hour, so the
 * console shows alarms within a minute of `npm start`. Evidence is ~230 KB an alarm: ~30 MB an hour of demo.
 */
export const DEMO_RATES: EventRates = { ...DEFAULT_RATES, sos: 0.02, adas: 2.5, dsm: 1.5 };

/**
 * Alarm state of one terminal across reports. Overspeed, long parking and route deviation follow the motion
 * (speed over the 0x0055 limit for the 0x0056 duration, stationary with ACC on past 20 minutes, off the shape);
 * SOS, power cut and ADAS/DSM events are random at the given hourly rates and last a while, as real ones do.
 */
export class AlarmState {
  private overspeedSince = 0;
  private sosUntil = 0;
  private powerCutUntil = 0;
  private forcedSafety: { kind: 'adas' | 'dsm'; type: number } | null = null;
  private safetySeq = 0;
  private nextAlarmId = 1;

  constructor(
    private readonly rng: Rng,
    private readonly rates: EventRates = DEFAULT_RATES,
  ) {}

  /** Forces an event now (the CLI's demo keys and tests). */
  trigger(kind: 'sos' | 'powerCut', now: number, seconds = 60): void {
    if (kind === 'sos') this.sosUntil = now + seconds;
    else this.powerCutUntil = now + seconds;
  }

  /** The next report carries this ADAS/DSM alarm whatever the speed (the CLI and tests). */
  triggerSafety(kind: 'adas' | 'dsm', type = 1): void {
    this.forcedSafety = { kind, type };
  }

  /**
   * The alarm DWORD for a report at `now`, and any safety event raised since the previous one.
   * `elapsed` is the seconds since the previous report (scales the random rates).
   */
  evaluate(
    m: MotionState,
    now: number,
    elapsed: number,
    limits: { maxSpeed: number; overspeedSeconds: number },
  ): { alarm: number; safety: SafetyEvent | null } {
    const perSecond = (perHour: number) => (perHour / 3600) * elapsed;
    if (m.accOn && this.rng.chance(perSecond(this.rates.sos))) this.sosUntil = now + this.rng.int(30, 120);
    if (this.rng.chance(perSecond(this.rates.powerCut))) this.powerCutUntil = now + this.rng.int(60, 300);

    let alarm = 0;
    if (now < this.sosUntil) alarm |= Warning.sos;
    if (m.speed > limits.maxSpeed) {
      if (this.overspeedSince === 0) this.overspeedSince = now;
      if (now - this.overspeedSince >= limits.overspeedSeconds) alarm |= Warning.speeding;
      else alarm |= Warning.speedWarning;
    } else this.overspeedSince = 0;
    if (now < this.powerCutUntil) alarm |= Warning.powerCut;
    if (m.accOn && m.speed === 0 && m.stoppedFor > 20 * 60) alarm |= Warning.longParking;
    if (m.detourMetres > 100) alarm |= Warning.routeDeviation;

    let safety: SafetyEvent | null = null;
    if (this.forcedSafety) {
      safety = this.safetyEvent(this.forcedSafety.kind, this.forcedSafety.type);
      this.forcedSafety = null;
    } else if (m.speed > 15) {
      if (this.rng.chance(perSecond(this.rates.adas))) safety = this.safetyEvent('adas', this.rng.int(1, 3));
      else if (this.rng.chance(perSecond(this.rates.dsm))) safety = this.safetyEvent('dsm', this.rng.int(1, 4));
    }
    return { alarm: alarm >>> 0, safety };
  }

  private safetyEvent(kind: 'adas' | 'dsm', type: number): SafetyEvent {
    this.safetySeq = (this.safetySeq + 1) & 0xff;
    return {
      kind,
      alarmId: this.nextAlarmId++,
      type,
      level: this.rng.chance(0.3) ? 2 : 1,
      attachmentCount: EVIDENCE_FILES_PER_ALARM,
      seq: this.safetySeq,
    };
  }
}
