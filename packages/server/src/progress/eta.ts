/**
 * ETA to the next station and the terminal. Far from a station the learned segment time is the better guide (live
 * speed says nothing about the lights ahead); close to it the live speed is. Beyond the next station only history
 * is used.
 */

import type { CompiledDirection } from './compile.ts';
import type { DirectionHistory } from './history.ts';

export interface EtaResult {
  next: number;
  terminal: number;
}

/**
 * @param next index of the next station (the one being approached, or the current one while in its zone)
 * @param speed live speed in m/s (smoothed)
 */
export function estimateEta(
  dir: CompiledDirection,
  history: DirectionHistory,
  along: number,
  next: number,
  speed: number,
  now: number,
  out: EtaResult,
): void {
  const sa = dir.stationAlong;
  const last = sa.length - 1;
  if (last < 0) {
    out.next = now;
    out.terminal = now;
    return;
  }
  const remaining = Math.max(0, sa[next]! - along);
  let toNext = 0;
  if (remaining > 0 && next > 0) {
    const segLength = sa[next]! - sa[next - 1]!;
    const historical = segLength > 0 ? (history.seconds[next - 1]! * remaining) / segLength : 0;
    if (speed > 2) {
      const live = remaining / speed;
      const w = remaining < 300 ? 0.7 : 0.3;
      toNext = w * live + (1 - w) * historical;
    } else {
      toNext = historical;
    }
  } else if (remaining > 0) {
    toNext = speed > 2 ? remaining / speed : remaining / 5;
  }
  out.next = now + toNext;
  out.terminal = out.next + history.suffix[next]!;
}
