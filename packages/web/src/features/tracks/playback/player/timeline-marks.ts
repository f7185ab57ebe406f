import { PLAYBACK_TIMELINE_TICKS } from '@headway/spec';

/**
 * Slider positions for the timeline's ticks: about one every 1/20 of the points (spec "Track replay"), the first
 * and the last point always included.
 */
export function timelineTicks(total: number): number[] {
  if (total <= 1) return total === 1 ? [0] : [];
  const step = Math.max(1, Math.round((total - 1) / PLAYBACK_TIMELINE_TICKS));
  const out: number[] = [];
  for (let p = 0; p < total - 1; p += step) out.push(p);
  // A last tick too close to the end would crowd the end's own.
  if (out.length > 1 && total - 1 - (out[out.length - 1] as number) < step / 2) out.pop();
  out.push(total - 1);
  return out;
}
