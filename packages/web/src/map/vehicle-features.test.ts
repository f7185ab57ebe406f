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

  it("copies the batch's fields: a caller reusing its point objects does not move vehicles behind the map's back", () => {
    const features = new VehicleFeatures(identity);
    const mine = point('a', 1);
    features.apply([mine]);
    mine.lng = 9;
    mine.colour = 'red';
    expect(features.point('a')).toMatchObject({ lng: 1, colour: 'green' });
    features.apply([mine]);
    expect(features.point('a')).toMatchObject({ lng: 9, colour: 'red' });
    expect(features.point('a')).not.toBe(mine);
    expect(features.feature('a')?.get('col')).toBe(2);
  });

  it('updates the label and leaves unchanged style properties alone', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1, { step: 4 })]);
    const feature = features.feature('a');
    const revision = feature?.getRevision();
    features.apply([point('a', 2, { step: 4, label: 'Bus 8' })]);
    expect(feature?.get('label')).toBe('Bus 8');
    expect(feature?.get('row')).toBe(4);
    // Silent updates: the feature itself never fires a change (the source fires one for the batch).
    expect(feature?.getRevision()).toBe(revision);
  });

  it('visits every vehicle with its current view coordinates and notifies subscribers once per batch', () => {
    const features = new VehicleFeatures((lng, lat) => [lng * 2, lat * 3]);
    let calls = 0;
    features.subscribe(() => calls++);
    features.apply([point('a', 1), point('b', 2, { lat: 1 })]);
    features.apply([point('a', 5)]);
    const seen: [string, number, number, string][] = [];
    features.forEach((key, x, y, p) => {
      seen.push([key, x, y, p.label]);
    });
    expect(seen).toEqual([
      ['a', 10, 0, 'a'],
      ['b', 4, 3, 'b'],
    ]);
    expect(calls).toBe(2);
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
    features.apply([point('a', 2, { colour: 'red' })]);
    features.reproject((lng, lat) => [lng * 10, lat]);
    expect(features.feature('a')?.getGeometry()?.getCoordinates()).toEqual([20, 0]);
    expect(features.feature('a')?.get('col')).toBe(2);
    expect(features.source.getFeatures()).toHaveLength(1);
  });
});
