import { describe, expect, it } from 'vitest';
import { applyRows, columnsOf, showAll, write } from './testing/vehicle-columns';
import { VehicleFeatures } from './vehicle-features';

describe('vehicle features updated in place from columns', () => {
  it('adds new vehicles, then moves them inside the same coordinate array with one source change', () => {
    const features = new VehicleFeatures();
    const columns = columnsOf([
      { key: 'a', x: 1, y: 0 },
      { key: 'b', x: 2, y: 0 },
    ]);
    showAll(features, columns);
    expect(features.source.getFeatures()).toHaveLength(2);
    const flat = features.feature('a')?.getGeometry()?.getFlatCoordinates();
    const revision = features.source.getRevision();
    let changeEvents = 0;
    features.source.on('changefeature', () => changeEvents++);

    write(columns, 0, { x: 5, colour: 'red', step: 3 });
    write(columns, 1, { x: 6 });
    applyRows(features, columns, [0, 1]);
    // The WebGL renderer's batch holds this very array: it must be the same object, now updated.
    expect(features.feature('a')?.getGeometry()?.getFlatCoordinates()).toBe(flat);
    expect(flat).toEqual([5, 0]);
    expect(features.feature('a')?.get('col')).toBe(2);
    expect(features.feature('a')?.get('row')).toBe(3);
    expect(features.feature('b')?.getGeometry()?.getFlatCoordinates()).toEqual([6, 0]);
    expect(changeEvents).toBe(0);
    expect(features.source.getRevision()).toBe(revision + 1);
  });

  it('touches only the rows of the batch and leaves unchanged style properties alone', () => {
    const features = new VehicleFeatures();
    const columns = columnsOf([
      { key: 'a', x: 1, y: 0, step: 4 },
      { key: 'b', x: 2, y: 0 },
    ]);
    showAll(features, columns);
    const feature = features.feature('a');
    const revision = feature?.getRevision();
    write(columns, 0, { x: 3 });
    write(columns, 1, { x: 9 });
    applyRows(features, columns, [0]);
    expect(feature?.getGeometry()?.getFlatCoordinates()).toEqual([3, 0]);
    // Row 1 changed in the columns but was not in the batch.
    expect(features.feature('b')?.getGeometry()?.getFlatCoordinates()).toEqual([2, 0]);
    expect(feature?.get('row')).toBe(4);
    // Silent updates: the feature itself never fires a change (the source fires one for the batch).
    expect(feature?.getRevision()).toBe(revision);
  });

  it('leaves out vehicles without a position until they report, and drops one that loses it', () => {
    const features = new VehicleFeatures();
    const columns = columnsOf([
      { key: 'a', x: Number.NaN, y: Number.NaN },
      { key: 'b', x: 2, y: 0 },
    ]);
    showAll(features, columns);
    expect(features.size).toBe(1);
    write(columns, 0, { x: 1, y: 1 });
    write(columns, 1, { x: Number.NaN, y: Number.NaN });
    applyRows(features, columns, [0, 1]);
    expect(features.source.getFeatures().map((f) => f.getId())).toEqual(['a']);
    expect(features.size).toBe(1);
  });

  it('visits every drawn vehicle with its current view coordinates and notifies subscribers once per batch', () => {
    const features = new VehicleFeatures();
    const columns = columnsOf([
      { key: 'a', x: 1, y: 0 },
      { key: 'b', x: 2, y: 3 },
    ]);
    let calls = 0;
    features.subscribe(() => calls++);
    showAll(features, columns);
    write(columns, 0, { x: 10 });
    applyRows(features, columns, [0]);
    const seen: [string, number, number, string][] = [];
    features.forEach((i, x, y) => {
      seen.push([features.keyOf(i), x, y, features.labelOf(i)]);
    });
    expect(seen).toEqual([
      ['a', 10, 0, 'Bus a'],
      ['b', 2, 3, 'Bus b'],
    ]);
    expect(calls).toBe(2);
  });

  it('keeps only the checked vehicles, ignores unchecked ones in batches and finds the nearest one', () => {
    const features = new VehicleFeatures();
    const columns = columnsOf([
      { key: 'a', x: 1, y: 0 },
      { key: 'b', x: 2, y: 0 },
      { key: 'c', x: 3, y: 0 },
    ]);
    showAll(features, columns);
    const shown = Uint8Array.of(1, 0, 1);
    features.show(columns, shown);
    expect(features.source.getFeatures().map((f) => f.getId())).toEqual(['a', 'c']);
    features.apply(columns, [1], 1, shown);
    expect(features.feature('b')).toBeUndefined();
    expect(features.nearest([2.9, 0], 0.5)).toBe('c');
    expect(features.nearest([2, 0], 0.5)).toBeUndefined();
  });

  it('starts over for a new roster, and keeps its features for the same one', () => {
    const features = new VehicleFeatures();
    const first = columnsOf([{ key: 'a', x: 1, y: 0 }]);
    showAll(features, first);
    const feature = features.feature('a');
    showAll(features, first);
    expect(features.feature('a')).toBe(feature);
    const second = columnsOf([
      { key: 'b', x: 2, y: 0 },
      { key: 'a', x: 1, y: 0 },
    ]);
    showAll(features, second);
    expect(features.source.getFeatures().map((f) => f.getId())).toEqual(['b', 'a']);
    expect(features.feature('a')).not.toBe(feature);
    expect(features.size).toBe(2);
  });
});
