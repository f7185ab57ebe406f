import type OlMap from 'ol/Map';

// "Lock viewport" (spec section 8 "Track replay"): the map recentres on the vehicle only when it leaves an inner
// area of the map, so a vehicle moving within it does not drag the map along point by point.

export interface LockMargin {
  x: number;
  y: number;
}

/** Whether `pixel` lies outside the map of `size` less `margin` on each side (a map smaller than twice the
 *  margin uses its middle third). */
export function outsideInner(pixel: readonly number[], size: readonly number[], margin: LockMargin): boolean {
  const [w, h] = size as [number, number];
  const mx = Math.min(margin.x, w / 3);
  const my = Math.min(margin.y, h / 3);
  const [x, y] = pixel as [number, number];
  return x < mx || x > w - mx || y < my || y > h - my;
}

/** Recentres on `coordinate` (view coordinates) when it is outside the inner area; true when it did. */
export function keepInside(map: OlMap, coordinate: number[], margin: LockMargin): boolean {
  const size = map.getSize();
  const pixel = map.getPixelFromCoordinate(coordinate);
  if (!size || !pixel || !outsideInner(pixel, size, margin)) return false;
  map.getView().setCenter(coordinate);
  return true;
}
