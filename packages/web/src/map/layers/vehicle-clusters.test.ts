import { describe, expect, it } from 'vitest';
import { applyRows, columnsOf, showAll, type TestVehicle, write } from '../testing/vehicle-columns';
import { VehicleFeatures } from '../vehicle-features';
import { gridClusters } from './vehicle-clusters';

const point = (key: string, x: number, y: number): TestVehicle => ({ key, x, y });

function drawn(...vehicles: TestVehicle[]) {
  const features = new VehicleFeatures();
  const columns = columnsOf(vehicles);
  showAll(features, columns);
  return { features, columns };
}

const WORLD = [-100, -100, 100, 100] as const;

describe('grid clusters', () => {
  it('groups vehicles by cell with their mean position; a cell of one keeps its vehicle', () => {
    const { features } = drawn(point('a', 1, 1), point('b', 3, 5), point('c', 25, 1));
    const clusters = gridClusters(features, 10, WORLD).sort((p, q) => p.x - q.x);
    expect(clusters).toEqual([
      { n: 2, x: 2, y: 3, first: 0 },
      { n: 1, x: 25, y: 1, first: 2 },
    ]);
  });

  it('keeps cells on either side of the origin apart and leaves out vehicles beyond the extent', () => {
    // Cells (-1, 0), (0, -1) and (0, 0); one vehicle far outside the clustered extent.
    const { features } = drawn(point('a', -1, 1), point('b', 1, -1), point('c', 5, 5), point('d', 5, 2e7));
    const clusters = gridClusters(features, 10, WORLD);
    expect(clusters.map((c) => features.keyOf(c.first)).sort()).toEqual(['a', 'b', 'c']);
    expect(clusters.map((c) => c.n)).toEqual([1, 1, 1]);
  });

  it('aligns cells on the world grid, not on the extent', () => {
    const { features } = drawn(point('a', 1, 1), point('b', 9, 9));
    // Shifting the extent by a fraction of a cell keeps both vehicles in cell (0, 0).
    expect(gridClusters(features, 10, [-3, -7, 40, 40])).toEqual([{ n: 2, x: 5, y: 5, first: 0 }]);
  });

  it('refuses a grid too large to allocate', () => {
    const features = new VehicleFeatures();
    expect(() => gridClusters(features, 1e-3, [-2e7, -2e7, 2e7, 2e7])).toThrow(RangeError);
  });

  it('follows a batch: moved vehicles join their new cell', () => {
    const { features, columns } = drawn(point('a', 1, 1), point('b', 50, 50));
    expect(gridClusters(features, 10, WORLD)).toHaveLength(2);
    applyRows(features, columns, [write(columns, 1, { x: 2, y: 2 })]);
    expect(gridClusters(features, 10, WORLD)).toEqual([{ n: 2, x: 1.5, y: 1.5, first: 0 }]);
  });
});
