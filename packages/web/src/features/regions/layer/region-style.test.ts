import { REGION_DEFAULT_PATH_WIDTH_M } from '@headway/spec';
import Feature from 'ol/Feature';
import Circle from 'ol/geom/Circle';
import type Icon from 'ol/style/Icon';
import { describe, expect, it } from 'vitest';
import {
  areaStyle,
  corridorHalfWidth,
  corridorPixels,
  pathLineStyle,
  pinStyle,
  REGION_LABEL_ZOOM,
  REGION_USE_COLOURS,
  type RegionFeatureLook,
  regionColour,
  regionForm,
  regionStyles,
} from './region-style';

function feature(look: RegionFeatureLook): Feature {
  const f = new Feature(new Circle([0, 0], 10));
  f.set('look', look, true);
  return f;
}

describe('how a region is drawn', () => {
  it('colours by use type, with one colour each for parking, charging/gas, maintenance and none', () => {
    expect(regionColour(1)).toBe(REGION_USE_COLOURS[1]);
    expect(regionColour(2)).toBe(REGION_USE_COLOURS[2]);
    expect(regionColour(3)).toBe(REGION_USE_COLOURS[3]);
    expect(regionColour(0)).toBe(REGION_USE_COLOURS[0]);
    // A use the spec does not know is drawn as none.
    expect(regionColour(9)).toBe(REGION_USE_COLOURS[0]);
    expect(new Set(Object.values(REGION_USE_COLOURS)).size).toBe(4);
  });

  it('draws a POI as a pin, a path as a corridor and circles, rectangles and polygons as areas', () => {
    expect([0, 1, 2, 3, 4].map(regionForm)).toEqual(['pin', 'area', 'area', 'area', 'corridor']);
  });

  it('fills an area translucently and edges it solid in its use colour', () => {
    const style = areaStyle(2);
    expect(style.getStroke()?.getColor()).toBe(REGION_USE_COLOURS[2]);
    expect(style.getFill()?.getColor()).toBe('rgba(5,150,105,0.16)');
    // Made once per use type: no allocation per feature or frame.
    expect(areaStyle(2)).toBe(style);
    expect(areaStyle(3)).not.toBe(style);
  });

  it('draws a pin and a path’s centre line in their use colour', () => {
    const icon = pinStyle(1).getImage() as Icon;
    expect(decodeURIComponent(icon.getSrc() ?? '')).toContain(REGION_USE_COLOURS[1]);
    expect(pathLineStyle(3).getStroke()?.getColor()).toBe(REGION_USE_COLOURS[3]);
  });
});

describe('a path corridor', () => {
  it.each([
    ['{"width": 30}', 30],
    ['{"width":"12.5"}', 12.5],
    ['{"width": 0}', REGION_DEFAULT_PATH_WIDTH_M],
    ['{"width": -4}', REGION_DEFAULT_PATH_WIDTH_M],
    ['{"width": "wide"}', REGION_DEFAULT_PATH_WIDTH_M],
    ['{"overstay_minutes": 30}', REGION_DEFAULT_PATH_WIDTH_M],
    ['{}', REGION_DEFAULT_PATH_WIDTH_M],
    ['', REGION_DEFAULT_PATH_WIDTH_M],
    ['{nope', REGION_DEFAULT_PATH_WIDTH_M],
    ['null', REGION_DEFAULT_PATH_WIDTH_M],
  ])('reads the half-width of %s as %d m', (option, metres) => {
    expect(corridorHalfWidth(option)).toBe(metres);
  });

  it('is as wide on screen as on the ground, at least a pixel', () => {
    expect(corridorPixels(100, 2)).toBe(50);
    expect(corridorPixels(100, 1000)).toBe(1);
  });

  it('widens with the zoom; its centre line does not', () => {
    const f = feature({ form: 'corridor', useType: 1, name: 'Route 7', corridorUnits: 120 });
    const [near, line] = regionStyles(f, 2, 12);
    expect(near?.getStroke()?.getWidth()).toBe(60);
    expect(line).toBe(pathLineStyle(1));
    const [far] = regionStyles(f, 4, 11);
    expect(far?.getStroke()?.getWidth()).toBe(30);
  });
});

describe('region names', () => {
  it(`show from zoom ${REGION_LABEL_ZOOM}`, () => {
    const f = feature({ form: 'area', useType: 1, name: 'North depot', corridorUnits: 0 });
    expect(regionStyles(f, 10, REGION_LABEL_ZOOM - 0.5)).toEqual([areaStyle(1)]);
    const styles = regionStyles(f, 5, REGION_LABEL_ZOOM);
    expect(styles).toHaveLength(2);
    expect(styles[1]?.getText()?.getText()).toBe('North depot');
  });

  it('sit under a pin’s tip', () => {
    const f = feature({ form: 'pin', useType: 0, name: 'Gas 7', corridorUnits: 0 });
    const [pin, label] = regionStyles(f, 1, 16);
    expect(pin).toBe(pinStyle(0));
    expect(label?.getText()?.getOffsetY()).toBeGreaterThan(0);
  });
});
