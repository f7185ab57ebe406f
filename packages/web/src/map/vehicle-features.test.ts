import { describe, expect, it } from 'vitest';
import { VehicleFeatures, type VehiclePoint } from './vehicle-features';

const identity = (lng: number, lat: number): [number, number] => [lng, lat];
const point = (key: string, lng: number, extra: Partial<VehiclePoint> = {}): VehiclePoint => ({
  key,
  lng,
  lat: 0,
  colour: 'green',
  step: 0,
  label: key,
  ...extra,
});

describe('vehicle features updated in place', () => {
  it('adds new vehicles, then moves them inside the same coordinate array with one source change', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1), point('b', 2)]);
    expect(features.source.getFeatures()).toHaveLength(2);
    const flat = features.feature('a')?.getGeometry()?.getFlatCoordinates();
    const revision = features.source.getRevision();
    let changeEvents = 0;
    features.source.on('changefeature', () => changeEvents++);

    features.apply([point('a', 5, { colour: 'red', step: 3 }), point('b', 6)]);
    // The WebGL renderer's batch holds this very array: it must be the same object, now updated.
    expect(features.feature('a')?.getGeometry()?.getFlatCoordinates()).toBe(flat);
    expect(flat).toEqual([5, 0]);
    expect(features.feature('a')?.get('col')).toBe(2);
    expect(features.feature('a')?.get('row')).toBe(3);
    expect(changeEvents).toBe(0);
    expect(features.source.getRevision()).toBe(revision + 1);
  });

  it('keeps only the checked vehicles and finds the nearest one', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1), point('b', 2), point('c', 3)]);
    features.retain(new Set(['a', 'c']));
    expect(features.source.getFeatures().map((f) => f.getId())).toEqual(['a', 'c']);
    expect(features.nearest([2.9, 0], 0.5)).toBe('c');
    expect(features.nearest([2, 0], 0.5)).toBeUndefined();
  });

  it('projects every point again for a new datum', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1)]);
    features.reproject((lng, lat) => [lng * 10, lat]);
    expect(features.feature('a')?.getGeometry()?.getCoordinates()).toEqual([10, 0]);
  });
});
