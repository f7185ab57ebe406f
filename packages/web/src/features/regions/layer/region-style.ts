import { REGION_DEFAULT_PATH_WIDTH_M, REGION_USE_TYPES } from '@headway/spec';
import type { FeatureLike } from 'ol/Feature';
import { Fill, Icon, Stroke, Style, Text } from 'ol/style';

// How the maps' regions layer draws a region: the colour says what the place is for (its use type, one legend for
// every map), the form says what kind of region it is (an area, a corridor, a marker). Styles are made once per
// use type and reused, so 10,000 regions cost no allocation per frame; only a corridor's width follows the zoom.

/** use_type → colour; 0 (or anything the spec does not know) is "none". Apart from the fence selector's orange. */
export const REGION_USE_COLOURS = {
  0: '#64748b',
  1: '#2563eb',
  2: '#059669',
  3: '#9333ea',
} as const satisfies Record<0 | keyof typeof REGION_USE_TYPES, string>;

export type RegionUseLook = keyof typeof REGION_USE_COLOURS;

/** Region names show from this zoom (and give way to each other: the layer declutters). */
export const REGION_LABEL_ZOOM = 14;

/** The legend's order: parking, charging/gas, maintenance, then none. */
export const REGION_USE_LOOKS: readonly RegionUseLook[] = [1, 2, 3, 0];

export function lookOfUse(useType: number): RegionUseLook {
  return Object.hasOwn(REGION_USE_TYPES, useType) ? (useType as RegionUseLook) : 0;
}

export function regionColour(useType: number): string {
  return REGION_USE_COLOURS[lookOfUse(useType)];
}

/** How a region_type is drawn: 0 a pin, 4 a line in its corridor, the rest (1–3) a filled area. */
export type RegionForm = 'pin' | 'corridor' | 'area';

export function regionForm(regionType: number): RegionForm {
  if (regionType === 0) return 'pin';
  if (regionType === 4) return 'corridor';
  return 'area';
}

/**
 * A path's corridor half-width in metres: region_option's `width` (metres either side of the line, docs/regions.md
 * "Options"), read as the ingest's geofence reads it (a positive number, or a numeric string), else the default.
 */
export function corridorHalfWidth(regionOption: string): number {
  let option: unknown;
  try {
    option = JSON.parse(regionOption || '{}');
  } catch {
    return REGION_DEFAULT_PATH_WIDTH_M;
  }
  const raw = typeof option === 'object' && option !== null ? (option as { width?: unknown }).width : undefined;
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : REGION_DEFAULT_PATH_WIDTH_M;
}

/** The corridor's full width on screen: `widthUnits` (view units, both sides) at this resolution, at least 1 px. */
export function corridorPixels(widthUnits: number, resolution: number): number {
  return Math.max(1, widthUnits / resolution);
}

function rgba(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

const AREA_FILL_ALPHA = 0.16;
const CORRIDOR_ALPHA = 0.2;

const areaStyles = new Map<RegionUseLook, Style>();
/** A circle, rectangle or polygon: translucent fill, solid edge. */
export function areaStyle(useType: number): Style {
  const look = lookOfUse(useType);
  let style = areaStyles.get(look);
  if (!style) {
    const colour = REGION_USE_COLOURS[look];
    style = new Style({
      fill: new Fill({ color: rgba(colour, AREA_FILL_ALPHA) }),
      stroke: new Stroke({ color: colour, width: 2 }),
    });
    areaStyles.set(look, style);
  }
  return style;
}

const lineStyles = new Map<RegionUseLook, Style>();
/** A path's centre line (its corridor is per feature: its width differs). */
export function pathLineStyle(useType: number): Style {
  const look = lookOfUse(useType);
  let style = lineStyles.get(look);
  if (!style) {
    style = new Style({ stroke: new Stroke({ color: REGION_USE_COLOURS[look], width: 2, lineDash: [8, 4] }) });
    lineStyles.set(look, style);
  }
  return style;
}

/** A corridor around a path: a wide translucent stroke with round ends and joins, a buffer drawn by the canvas. */
export function corridorStyle(useType: number): Style {
  return new Style({
    stroke: new Stroke({
      color: rgba(regionColour(useType), CORRIDOR_ALPHA),
      width: 1,
      lineCap: 'round',
      lineJoin: 'round',
    }),
  });
}

function pinSvg(colour: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="32" viewBox="0 0 24 32">' +
    `<path d="M12 1C6 1 1.5 5.5 1.5 11.3 1.5 19 12 31 12 31s10.5-12 10.5-19.7C22.5 5.5 18 1 12 1z" fill="${colour}" stroke="#fff" stroke-width="2"/>` +
    '<circle cx="12" cy="11.5" r="4" fill="#fff"/></svg>'
  );
}

const pinStyles = new Map<RegionUseLook, Style>();
/** A point of interest: a pin standing on its point (anchored at its tip). */
export function pinStyle(useType: number): Style {
  const look = lookOfUse(useType);
  let style = pinStyles.get(look);
  if (!style) {
    style = new Style({
      image: new Icon({
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(pinSvg(REGION_USE_COLOURS[look]))}`,
        width: 24,
        height: 32,
        anchor: [0.5, 1],
        // Pins always draw; only the names give way to each other.
        declutterMode: 'none',
      }),
    });
    pinStyles.set(look, style);
  }
  return style;
}

/** A region's name: dark on a white halo; over a pin, under its tip. */
export function labelStyle(name: string, form: RegionForm): Style {
  return new Style({
    text: new Text({
      text: name,
      font: '12px system-ui, sans-serif',
      overflow: true,
      offsetY: form === 'pin' ? 10 : 0,
      fill: new Fill({ color: '#1f2937' }),
      stroke: new Stroke({ color: 'rgba(255,255,255,0.95)', width: 3 }),
    }),
  });
}

/** What the layer keeps on each feature (region-features.ts), read by the style function. */
export interface RegionFeatureLook {
  form: RegionForm;
  useType: number;
  name: string;
  /** Corridor width, both sides, in view units (paths only; 0 otherwise). */
  corridorUnits: number;
}

interface Cached {
  corridor?: Style;
  label?: Style;
}
const cache = new WeakMap<FeatureLike, Cached>();

/**
 * The styles of one region feature at a resolution; `zoom` decides whether its name shows. The corridor and the
 * label are made on first use and kept with the feature; the rest are shared.
 */
export function regionStyles(feature: FeatureLike, resolution: number, zoom: number): Style[] {
  const look = feature.get('look') as RegionFeatureLook | undefined;
  if (!look) return [];
  let own = cache.get(feature);
  if (!own) {
    own = {};
    cache.set(feature, own);
  }
  const styles: Style[] = [];
  if (look.form === 'area') styles.push(areaStyle(look.useType));
  else if (look.form === 'pin') styles.push(pinStyle(look.useType));
  else {
    own.corridor ??= corridorStyle(look.useType);
    own.corridor.getStroke()?.setWidth(corridorPixels(look.corridorUnits, resolution));
    styles.push(own.corridor, pathLineStyle(look.useType));
  }
  if (zoom >= REGION_LABEL_ZOOM && look.name) {
    own.label ??= labelStyle(look.name, look.form);
    styles.push(own.label);
  }
  return styles;
}
