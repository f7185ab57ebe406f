import type { Rng } from './rng.ts';

/**
 * Share of free-flow speed by local time of day: the morning peak (07:00–09:30) and the evening peak
 * (16:00–19:00) are the slowest, nights are free. The timetable already plans for peaks, so the swing is mild:
 * it makes buses late when traffic is worse than planned, not all day. Linear ramps between the breakpoints avoid speed jumps.
 */
const BREAKPOINTS: [hour: number, factor: number][] = [
  [0, 1.0],
  [5.5, 0.97],
  [7, 0.8],
  [8.5, 0.78],
  [9.5, 0.88],
  [12, 0.9],
  [15, 0.86],
  [17, 0.76],
  [19, 0.85],
  [21, 0.95],
  [24, 1.0],
];

export function timeOfDayFactor(secondsOfDay: number): number {
  const hour = (((secondsOfDay % 86400) + 86400) % 86400) / 3600;
  for (let i = 1; i < BREAKPOINTS.length; i++) {
    const [h1, f1] = BREAKPOINTS[i]!;
    const [h0, f0] = BREAKPOINTS[i - 1]!;
    if (hour <= h1) return f0 + ((f1 - f0) * (hour - h0)) / (h1 - h0);
  }
  return 1;
}

/**
 * Random traffic around the time-of-day mean: a mean-reverting walk (Ornstein–Uhlenbeck, ~3 minute memory), so a
 * bus meets a slow stretch for a while rather than flickering between speeds every second.
 */
export class TrafficNoise {
  private value = 1;

  constructor(private readonly rng: Rng) {}

  step(dtSeconds: number): number {
    const theta = 1 / 180;
    const sigma = 0.03;
    this.value += theta * (1 - this.value) * dtSeconds + sigma * Math.sqrt(dtSeconds) * this.rng.normal();
    this.value = Math.min(1.2, Math.max(0.55, this.value));
    return this.value;
  }
}
