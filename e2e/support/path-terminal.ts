import { FleetStats, type MotionState, Rng, VirtualTerminal } from '@headway/simulator';
import { pathLength, walkPath } from './path-walk.ts';

// A bus the simulator runs (its VirtualTerminal: real TCP, real JT/T 808 frames) on a path the server stored, driven
// by the test: each `driveTo` sends one 0x0200 at that fraction of the path, stamped as if the bus had driven there
// at `speedKmh`, and resolves once the gateway acknowledged it. No timer of its own, so the test decides the pace.

export interface PathBus {
  terminal: VirtualTerminal;
  /** Metres of the path. */
  length: number;
  driveTo(fraction: number): Promise<void>;
  stop(): void;
}

export interface PathBusOptions {
  phone: string;
  imei: string;
  plate: string;
  version: 2013 | 2019;
  gatewayPort: number;
  /** Spec path text (`lat,lng|…`) of the direction driven. */
  path: string;
  routeCode: string;
  direction: 1 | 2;
  speedKmh: number;
  /** Epoch seconds the bus was at the path's start. */
  departed: number;
}

async function until(ok: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Connects, registers (0x0100) and authenticates (0x0102); resolves once the terminal is online. */
export async function startPathBus(options: PathBusOptions): Promise<PathBus> {
  const walk = walkPath(options.path);
  const length = pathLength(options.path);
  const metresPerSecond = options.speedKmh / 3.6;
  let along = 0;
  const motion = (): MotionState => {
    const at = walk(along);
    return {
      time: options.departed + Math.round(along / metresPerSecond),
      lat: at.lat,
      lng: at.lng,
      speed: options.speedKmh,
      azimuth: at.azimuth,
      odometer: 1_000_000 + Math.round(along),
      accOn: true,
      doors: [false, false, false],
      phase: 'driving',
      tripId: '',
      routeCode: options.routeCode,
      direction: options.direction,
      detourMetres: 0,
      stoppedFor: 0,
      passengers: { onboard: 9, onDay: 30, onTrip: 9, offTrip: 0, onLast: 1, offLast: 0 },
    };
  };
  const terminal = new VirtualTerminal({
    phone: options.phone,
    version: options.version,
    terminalId: options.phone.slice(-7),
    plate: options.plate,
    imei: options.imei,
    host: '127.0.0.1',
    port: options.gatewayPort,
    interval: 10,
    rates: { sos: 0, powerCut: 0, adas: 0, dsm: 0 },
    rng: new Rng(`first-run-${options.phone}`),
    stats: new FleetStats(),
    motion,
    driverReplyChance: 0,
  });
  terminal.start();
  await until(() => terminal.online, `terminal ${options.phone} not online (registered and authenticated)`, 20_000);
  return {
    terminal,
    length,
    driveTo: async (fraction) => {
      along = Math.max(0, Math.min(1, fraction)) * length;
      terminal.report();
      await until(() => terminal.unacked === 0, `report at ${fraction} of the path not acked`, 15_000);
    },
    stop: () => terminal.stop(),
  };
}
