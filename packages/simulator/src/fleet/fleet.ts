import type { MotionState } from '../motion/events.ts';
import { Rng } from '../motion/rng.ts';
import { VehicleMotion } from '../motion/vehicle.ts';
import type { SimDuty } from '../plan/types.ts';
import type { EventRates } from '../terminal/events.ts';
import type { Crew } from '../terminal/report.ts';
import { FleetStats } from '../terminal/stats.ts';
import { VirtualTerminal } from '../terminal/terminal.ts';
import type { SimClock } from './clock.ts';
import type { GroundTruthWriter } from './ground-truth.ts';
import { parkedState } from './parked.ts';

export interface FleetVehicleSpec {
  phone: string;
  version: 2013 | 2019;
  carName: string;
  plate: string;
  imei: string;
  routeCode: string;
  /** Where the bus waits when it has no block. */
  home: { lat: number; lng: number; azimuth: number; routeCode: string };
  crew: Crew | null;
}

/** Hands an idle vehicle its next block (or null: stay parked). */
export interface DutySource {
  next(vehicle: FleetVehicleSpec, simNow: number): SimDuty | null;
}

export interface FleetOptions {
  host: string;
  port: number;
  /** Seconds between reports. */
  interval: number;
  clock: SimClock;
  duties: DutySource;
  seed?: number | string;
  truth?: GroundTruthWriter;
  /** Source addresses to spread connections over (ephemeral ports run out near 28k per address). */
  localAddresses?: string[];
  /** New connections per second while ramping up (the listen backlog is 4096 here). */
  rampPerSecond?: number;
  /** Terminal clock zone, minutes east of UTC (GMT+8 by the standard). */
  utcOffsetMinutes?: number;
  /** The schedule's zone offset in seconds, for time-of-day traffic. */
  scheduleUtcOffsetSeconds?: number;
  rates?: EventRates;
  stats?: FleetStats;
  /** Probability per trip of a detour off the shape (default: the motion model's, 3%); 0 for a clean run. */
  detourChance?: number;
}

interface Running {
  spec: FleetVehicleSpec;
  terminal: VirtualTerminal;
  motion: VehicleMotion | null;
  rng: Rng;
  nextReport: number;
  nextDutyCheck: number;
  duties: number;
  parkedOdometer: number;
}

/**
 * A fleet of virtual terminals driven by the motion model: one timer for all (every 100 ms it reports for the
 * terminals that are due and ticks a tenth of them for heartbeats and resends), connections opened at a
 * bounded rate, idle buses given their next block as the day goes on.
 */
export class Fleet {
  readonly stats: FleetStats;
  private readonly vehicles: Running[];
  private timer: NodeJS.Timeout | null = null;
  private round = 0;
  private finishedDetours = 0;
  private stopped = false;
  private paused = false;

  constructor(
    specs: FleetVehicleSpec[],
    private readonly options: FleetOptions,
  ) {
    this.stats = options.stats ?? new FleetStats();
    const root = new Rng(options.seed ?? 1);
    const addresses = options.localAddresses?.length ? options.localAddresses : [undefined];
    this.vehicles = specs.map((spec, i) => {
      const rng = root.fork(spec.phone);
      const running: Running = {
        spec,
        rng,
        motion: null,
        terminal: null as unknown as VirtualTerminal,
        // Spread first reports over one interval so reports/s is flat, not a burst every N seconds.
        nextReport: 0,
        nextDutyCheck: 0,
        duties: 0,
        parkedOdometer: rng.int(20_000, 400_000) * 1000,
      };
      running.terminal = new VirtualTerminal({
        phone: spec.phone,
        version: spec.version,
        terminalId: spec.phone.slice(-7),
        plate: spec.plate,
        imei: spec.imei,
        host: options.host,
        port: options.port,
        localAddress: addresses[i % addresses.length],
        interval: options.interval,
        utcOffsetMinutes: options.utcOffsetMinutes,
        crew: spec.crew,
        rates: options.rates,
        rng: rng.fork('terminal'),
        stats: this.stats,
        motion: () => this.stateOf(running),
      });
      return running;
    });
  }

  get size(): number {
    return this.vehicles.length;
  }

  /** Detours off the shape the drivers have taken so far (real route deviations the server should flag). */
  detours(): number {
    return this.vehicles.reduce((n, v) => n + (v.motion?.detours ?? 0), this.finishedDetours);
  }

  terminals(): VirtualTerminal[] {
    return this.vehicles.map((v) => v.terminal);
  }

  /** A vehicle by car name, plate, terminal phone (or its last digits) or 1-based index (the CLI's commands). */
  find(query: string): { spec: FleetVehicleSpec; terminal: VirtualTerminal } | undefined {
    const q = query.trim().toLowerCase();
    if (!q) return undefined;
    const v =
      this.vehicles.find((x) => x.spec.carName.toLowerCase() === q || x.spec.plate.toLowerCase() === q) ??
      this.vehicles.find((x) => x.spec.phone === q || (q.length >= 4 && x.spec.phone.endsWith(q))) ??
      (/^\d+$/.test(q) ? this.vehicles[Number(q) - 1] : undefined);
    return v ? { spec: v.spec, terminal: v.terminal } : undefined;
  }

  /** Opens the connections at the ramp rate and starts reporting; resolves once every terminal has started. */
  async start(): Promise<void> {
    const interval = this.options.interval * 1000;
    const now = Date.now();
    for (const v of this.vehicles) v.nextReport = now + v.rng.int(0, interval);
    this.timer = setInterval(() => this.pump(), 100);
    const perTick = Math.max(1, Math.round((this.options.rampPerSecond ?? 1000) / 20));
    for (let i = 0; i < this.vehicles.length && !this.stopped; i += perTick) {
      for (const v of this.vehicles.slice(i, i + perTick)) v.terminal.start();
      if (i + perTick < this.vehicles.length) await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops making reports but keeps connections, heartbeats and resends (to drain before measuring). */
  pause(): void {
    this.paused = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const v of this.vehicles) v.terminal.stop();
    await this.options.truth?.close();
  }

  private pump(): void {
    const wall = Date.now();
    const interval = this.options.interval * 1000;
    const slot = this.round++ % 10;
    for (let i = 0; i < this.vehicles.length; i++) {
      const v = this.vehicles[i]!;
      if (i % 10 === slot) v.terminal.tick();
      if (this.paused || v.nextReport > wall) continue;
      const every = v.terminal.interval * 1000 || interval;
      v.nextReport = v.nextReport + every < wall ? wall + every : v.nextReport + every;
      v.terminal.report();
    }
  }

  /** Advances the vehicle to the simulated now and returns its state (called by its terminal). */
  private stateOf(v: Running): MotionState {
    const simNow = Math.floor(this.options.clock.now() / 1000);
    if ((!v.motion || v.motion.state().phase === 'done') && simNow >= v.nextDutyCheck) {
      v.nextDutyCheck = simNow + 60;
      const duty = this.options.duties.next(v.spec, simNow);
      if (duty) {
        this.finishedDetours += v.motion?.detours ?? 0;
        v.motion = new VehicleMotion(duty, v.rng.fork(`duty-${v.duties++}`), simNow, {
          utcOffsetSeconds: this.options.scheduleUtcOffsetSeconds ?? 0,
          ...(this.options.detourChance === undefined ? {} : { detourChance: this.options.detourChance }),
        });
      }
    }
    if (!v.motion) return parkedState(v.spec.home, simNow, v.parkedOdometer);
    const events = v.motion.advanceTo(simNow);
    if (events.length) this.options.truth?.write(v.spec.phone, v.spec.carName, events);
    return v.motion.state();
  }
}
