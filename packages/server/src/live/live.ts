import type { WebSocket } from 'ws';
import type { AlarmBody } from '../contract/alarms.ts';
import type { PositionBatcher } from './batcher.ts';
import type { Broker, LiveConnectionInfo } from './broker.ts';
import type { LiveBus } from './bus.ts';
import type { DispatchCommand } from './events.ts';
import { LatestPositions } from './latest.ts';
import type { RealData } from './real-data.ts';

/**
 * What the rest of the server sees of the live channel. Producers publish; the STOMP endpoint, batching and
 * bus stay behind it. Reachable as `app.live` once registered (plugin.ts).
 */
export class Live {
  private readonly latest = new LatestPositions();
  private readonly unsubscribeBus: () => void;

  constructor(
    readonly bus: LiveBus,
    private readonly broker: Broker,
    private readonly batcher: PositionBatcher,
    private readonly revalidateNow: () => Promise<number>,
  ) {
    // Other nodes' vehicles reach this node only as gps batches on the bus: keep them too, so the REST full
    // refresh on any node shows the whole fleet. This node's own batches come back through here as well;
    // adding them again is harmless (newest event time wins).
    this.unsubscribeBus = bus.subscribe((message) => {
      if (message.event.cmd === 'gps' && message.userId === undefined) {
        this.latest.add(message.companyId, message.event.data);
      }
    });
  }

  /** Positions of one company's vehicles; coalesced per vehicle and sent about once a second. */
  publishPositions(companyId: number, positions: readonly RealData[]): void {
    if (positions.length === 0) return;
    this.latest.add(companyId, positions);
    this.batcher.add(companyId, positions);
  }

  /**
   * New alarms of one company, sent at once (not on the positions' one-second tick: a dispatcher must learn of
   * an SOS now). The alarm writer calls this once per commit, so a storm still travels in batches.
   */
  publishAlarms(companyId: number, alarms: readonly AlarmBody[]): void {
    if (alarms.length === 0) return;
    this.bus.publish({ companyId, event: { cmd: 'alarm', data: [...alarms] } });
  }

  /** Alarms marked read (PUT /device/alarm), so other consoles' badges and lists follow at once. */
  publishAlarmsRead(companyId: number, ids: readonly number[]): void {
    if (ids.length === 0) return;
    this.bus.publish({ companyId, event: { cmd: 'alarm-read', data: { id_list: [...ids] } } });
  }

  /** Newest real_data of each vehicle of a company, from this node and (over the bus) every other node. */
  latestPositions(companyId: number): RealData[] {
    return this.latest.of(companyId);
  }

  latestPosition(companyId: number, imei: string): RealData | undefined {
    return this.latest.get(companyId, imei);
  }

  /** A dispatch event (plan, resource, attendance, …) to every console of a company, sent at once. */
  publish(companyId: number, cmd: DispatchCommand, data: unknown): void {
    this.bus.publish({ companyId, event: { cmd, data } });
  }

  /** A private message to one user's `/user/topic/msg`. */
  publishToUser(companyId: number, userId: number, cmd: DispatchCommand, data: unknown): void {
    this.bus.publish({ companyId, userId, event: { cmd, data } });
  }

  /** Closes the live sockets of these sessions at once (call after ending them, e.g. forced offline). */
  closeSessions(sessionIds: Iterable<number>, reason = 'session ended'): number {
    return this.broker.closeSessions(new Set(sessionIds), reason);
  }

  /** Re-checks every connected session against the store now; returns how many sockets were closed. */
  revalidate(): Promise<number> {
    return this.revalidateNow();
  }

  connections(companyId?: number): LiveConnectionInfo[] {
    return this.broker.list(companyId);
  }

  /** Stops following the bus (the plugin's onClose). */
  detach(): void {
    this.unsubscribeBus();
  }

  /** Hands a raw WebSocket to the STOMP broker (the route does this; exposed for other transports). */
  accept(socket: WebSocket): void {
    this.broker.accept(socket);
  }
}
