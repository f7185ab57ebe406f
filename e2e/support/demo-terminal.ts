import { FleetStats, type MotionState, Rng, VirtualTerminal } from '@headway/simulator';
import type { VehicleLive } from '../../packages/server/src/contract/vehicles.ts';

// A demo vehicle's terminal as the simulator runs it (the same VirtualTerminal), pointed at the e2e server's gateway,
// moving as `motion` says, with no random alarms: each e2e support file decides the drive, not the terminal.

export function demoTerminal(
  car: VehicleLive,
  gatewayPort: number,
  motion: () => MotionState,
  options: { interval: number; seed: string; driverReplyChance?: number },
): VirtualTerminal {
  return new VirtualTerminal({
    phone: car.terminal_phone,
    version: 2013,
    terminalId: car.terminal_phone.slice(-7),
    plate: car.lpn,
    imei: car.imei,
    host: '127.0.0.1',
    port: gatewayPort,
    interval: options.interval,
    rates: { sos: 0, powerCut: 0, adas: 0, dsm: 0 },
    rng: new Rng(`${options.seed}-${car.terminal_phone}`),
    stats: new FleetStats(),
    motion,
    driverReplyChance: options.driverReplyChance ?? 0,
  });
}

/**
 * Connects a terminal holding reports made while it was offline and resolves once the gateway acknowledged all of
 * them (uploaded as blind-area batches, 0x0704, as a real terminal does after a dead zone).
 */
export async function uploadBacklog(terminal: VirtualTerminal, name: string): Promise<void> {
  terminal.start();
  await terminal.whenOnline();
  const deadline = Date.now() + 60_000;
  while (terminal.unacked > 0) {
    if (Date.now() > deadline) throw new Error(`${terminal.unacked} reports of ${name} not acked`);
    terminal.tick();
    await new Promise((r) => setTimeout(r, 50));
  }
}
