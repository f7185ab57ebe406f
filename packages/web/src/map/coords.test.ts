import gcoord from 'gcoord';
import { fromLonLat } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { fromView, parsePath, toView } from './coords';

describe('coordinate conversion at the display edge', () => {
  it('projects WGS-84 like OpenLayers for OSM (earth radius 6378137)', () => {
    const [x, y] = toView('wgs84', 114.05872, 22.54321);
    const [ox, oy] = fromLonLat([114.05872, 22.54321]);
    expect(x).toBeCloseTo(ox as number, 3);
    expect(y).toBeCloseTo(oy as number, 3);
  });

  it('shifts positions inside China to GCJ-02 by a few hundred metres, and not elsewhere', () => {
    const wgs = toView('wgs84', 116.397, 39.908);
    const gcj = toView('gcj02', 116.397, 39.908);
    const shift = Math.hypot(gcj[0] - wgs[0], gcj[1] - wgs[1]);
    expect(shift).toBeGreaterThan(200);
    expect(shift).toBeLessThan(1000);
    // Staten Island: GCJ-02 is WGS-84 outside China.
    expect(toView('gcj02', -74.15, 40.58)).toEqual(toView('wgs84', -74.15, 40.58));
  });

  it('puts Baidu positions in BD09 Mercator metres and back', () => {
    const [x, y] = toView('bd09', 116.397, 39.908);
    // BD09MC of central Beijing is about (12.95e6, 4.83e6).
    expect(x).toBeGreaterThan(12.9e6);
    expect(x).toBeLessThan(13.0e6);
    expect(y).toBeGreaterThan(4.8e6);
    expect(y).toBeLessThan(4.9e6);
    const [lng, lat] = fromView('bd09', x, y);
    expect(lng).toBeCloseTo(116.397, 4);
    expect(lat).toBeCloseTo(39.908, 4);
  });

  it('round-trips every datum', () => {
    for (const datum of ['wgs84', 'gcj02', 'bd09'] as const) {
      const [x, y] = toView(datum, 113.9, 22.5);
      const [lng, lat] = fromView(datum, x, y);
      expect(lng).toBeCloseTo(113.9, 4);
      expect(lat).toBeCloseTo(22.5, 4);
    }
  });

  it('reads spec path strings as lat,lng pairs', () => {
    expect(parsePath('40.64,-74.08|bad|40.63,-74.09')).toEqual([
      [-74.08, 40.64],
      [-74.09, 40.63],
    ]);
  });
});

describe('projecting into an array', () => {
  it('writes the same view coordinate into `out` for every datum, and returns it', () => {
    for (const datum of ['wgs84', 'gcj02', 'bd09'] as const) {
      const out = [0, 0];
      expect(toView(datum, 116.397, 39.909, out)).toBe(out);
      expect(out).toEqual(toView(datum, 116.397, 39.909));
    }
  });
});

describe('GCJ-02 without gcoord on the hot path', () => {
  it('matches gcoord in China, at its box edges and outside', () => {
    const places: [number, number][] = [
      [116.397, 39.909],
      [121.4737, 31.2304],
      [113.2644, 23.1291],
      [72.01, 0.83],
      [137.83, 55.82],
      [-74.006, 40.7128],
      [100.5018, 13.7563],
    ];
    for (const [lng, lat] of places) {
      const [gLng, gLat] = gcoord.transform([lng, lat], gcoord.WGS84, gcoord.GCJ02) as [number, number];
      const expected = fromLonLat([gLng, gLat]);
      const [x, y] = toView('gcj02', lng, lat);
      expect(x).toBeCloseTo(expected[0] as number, 6);
      expect(y).toBeCloseTo(expected[1] as number, 6);
    }
  });
});
