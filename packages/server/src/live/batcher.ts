import type { LiveBus } from './bus.ts';
import type { RealData } from './real-data.ts';

/**
 * Coalesces positions per company and per vehicle and publishes one `gps` event per company per tick
 * (ARCHITECTURE "Batch, don't chatter"): a terminal reporting every second and a console repainting every
 * second meet at one frame per second per client, whatever the fleet size.
 */
export class PositionBatcher {
  private pending = new Map<number, Map<string, RealData>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: LiveBus,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.flush(), this.intervalMs);
    // A pending batch must not keep a stopping process alive.
    this.timer.unref();
  }

  add(companyId: number, positions: readonly RealData[]): void {
    let vehicles = this.pending.get(companyId);
    if (!vehicles) {
      vehicles = new Map();
      this.pending.set(companyId, vehicles);
    }
    for (const position of positions) {
      const held = vehicles.get(position.imei);
      // Latest wins by event time, not arrival: terminals resend unacknowledged old reports (state bit 22)
      // after a reconnect, and those must not move the vehicle back on the map.
      if (!held || position.et >= held.et) vehicles.set(position.imei, position);
    }
  }

  /** Publishes what is pending, one event per company. Called by the timer; tests call it directly. */
  flush(): void {
    if (this.pending.size === 0) return;
    const batches = this.pending;
    this.pending = new Map();
    for (const [companyId, vehicles] of batches) {
      this.bus.publish({ companyId, event: { cmd: 'gps', data: [...vehicles.values()] } });
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
