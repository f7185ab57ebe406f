import { M_PER_DEG } from '../geometry.ts';

// Places for geofence tests and the bench: metres east/north of an origin, and a seeded random source so a noisy
// drive is the same on every run.

export const ORIGIN: [number, number] = [22.5, 114.0];

/** `[lat, lng]` of the point `dx` metres east and `dy` metres north of `origin`. */
export function offset(dx: number, dy: number, origin: readonly [number, number] = ORIGIN): [number, number] {
  const [lat0, lng0] = origin;
  return [lat0 + dy / M_PER_DEG, lng0 + dx / (M_PER_DEG * Math.cos((lat0 * Math.PI) / 180))];
}

/** mulberry32: uniform in [0, 1). */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
