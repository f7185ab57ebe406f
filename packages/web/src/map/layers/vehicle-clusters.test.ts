import { describe, expect, it } from 'vitest';
import { VehicleFeatures, type VehiclePoint } from '../vehicle-features';
import { gridClusters } from './vehicle-clusters';

const identity = (lng: number, lat: number): [number, number] => [lng, lat];
const point = (key: string, lng: number, lat: number): VehiclePoint => ({
  key,
  lng,
  lat,
  colour: 'green',
  step: 0,
  label: key,
});

describe('grid clusters', () => {
  it('groups vehicles by cell with their mean position; a cell of one keeps its vehicle', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1, 1), point('b', 3, 5), point('c', 25, 1)]);
    const clusters = gridClusters(features, 10).sort((p, q) => p.x - q.x);
    expect(clusters).toEqual([
      { n: 2, x: 2, y: 3, point: expect.objectContaining({ key: 'a' }) },
      { n: 1, x: 25, y: 1, point: expect.objectContaining({ key: 'c' }) },
    ]);
  });

  it('keeps cells on either side of the origin apart (numeric cell ids)', () => {
    const features = new VehicleFeatures(identity);
    // Cells (-1, 0) and (0, -1), and cells far apart in a column: no two may share an id.
    features.apply([point('a', -1, 1), point('b', 1, -1), point('c', 5, 2e7), point('d', 5, -2e7)]);
    expect(gridClusters(features, 10).map((c) => c.n)).toEqual([1, 1, 1, 1]);
  });

  it('follows a batch: moved vehicles join their new cell', () => {
    const features = new VehicleFeatures(identity);
    features.apply([point('a', 1, 1), point('b', 50, 50)]);
    expect(gridClusters(features, 10)).toHaveLength(2);
    features.apply([point('b', 2, 2)]);
    expect(gridClusters(features, 10)).toEqual([
      { n: 2, x: 1.5, y: 1.5, point: expect.objectContaining({ key: 'a' }) },
    ]);
  });
});
