import type { AlarmBody } from '../contract/alarms.ts';
import type { RealData } from './real-data.ts';

// What travels on the live channel: the MESSAGE body `{cmd, data}` the console switches on (spec section 7
// "Live positions via STOMP"). Positions and alarms are typed; the dispatch commands carry their own payloads.

export type DispatchCommand =
  | 'plan'
  | 'resource'
  | 'attendance'
  | 'on-time'
  | 'on-time-check'
  | 'request'
  | 'suggestion'
  | 'notify'
  | 'msg'
  /** A station's traffic state changed (contract/line-map.ts TrafficChange): every open line map recolours it. */
  | 'traffic';

export type LiveEvent =
  | { cmd: 'gps'; data: RealData[] }
  /** New alarms, sent as soon as they are stored (docs/alarms.md "Detection"); filtered by console like gps. */
  | { cmd: 'alarm'; data: AlarmBody[] }
  /** Alarms someone marked read: every console of the company refreshes its count (ids only, nothing to scope). */
  | { cmd: 'alarm-read'; data: { id_list: number[] } }
  | { cmd: DispatchCommand; data: unknown };

/**
 * One published event and who receives it: the subscribers of `/topic/notify.{companyId}`, or, with `userId`,
 * only that user's `/user/topic/msg`. Plain JSON so a networked bus can carry it as is.
 */
export interface LiveMessage {
  companyId: number;
  userId?: number;
  event: LiveEvent;
}
