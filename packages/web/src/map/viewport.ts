// The last map viewport, kept in local storage (spec section 9: "local storage keys hold settings and
// last map viewport"). Stored in WGS-84 so a provider change does not move the remembered place.

export interface Viewport {
  lng: number;
  lat: number;
  zoom: number;
}

const VIEWPORT_KEY = 'headway_map_viewport';

export function readViewport(storage: Pick<Storage, 'getItem'> | null, fallback: Viewport): Viewport {
  try {
    const raw = storage?.getItem(VIEWPORT_KEY);
    if (!raw) return fallback;
    const v = JSON.parse(raw) as Partial<Viewport>;
    if (
      typeof v.lng === 'number' &&
      typeof v.lat === 'number' &&
      typeof v.zoom === 'number' &&
      Math.abs(v.lat) <= 90 &&
      Math.abs(v.lng) <= 180
    ) {
      return { lng: v.lng, lat: v.lat, zoom: v.zoom };
    }
  } catch {
    // A malformed entry is the same as none.
  }
  return fallback;
}

export function writeViewport(storage: Pick<Storage, 'setItem'> | null, viewport: Viewport): void {
  try {
    storage?.setItem(VIEWPORT_KEY, JSON.stringify(viewport));
  } catch {
    // Storage full or disabled: the viewport is a convenience.
  }
}
