/**
 * Route deviation with hysteresis: entering needs `enterReports` consecutive reports beyond `enter` metres,
 * clearing needs `exitReports` consecutive reports within `exit` metres. One noisy fix (multipath between tall
 * buildings easily throws 80 m) never raises the alarm, and a bus hovering at the threshold does not flap.
 */

import type { ProgressOptions } from './options.ts';

export interface DeviationState {
  deviating: boolean;
  off: number;
  on: number;
}

/** Returns 1 on entering a deviation, -1 on clearing it, 0 otherwise. */
export function stepDeviation(s: DeviationState, offset: number, o: ProgressOptions): -1 | 0 | 1 {
  if (offset > o.deviationEnter) {
    s.off++;
    s.on = 0;
  } else if (offset <= o.deviationExit) {
    s.on++;
    s.off = 0;
  } else {
    // Between the thresholds: evidence for neither.
    s.off = 0;
    s.on = 0;
  }
  if (!s.deviating && s.off >= o.deviationEnterReports) {
    s.deviating = true;
    return 1;
  }
  if (s.deviating && s.on >= o.deviationExitReports) {
    s.deviating = false;
    return -1;
  }
  return 0;
}
