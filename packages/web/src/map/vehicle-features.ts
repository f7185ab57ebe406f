import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorSource from 'ol/source/Vector';

// The vehicles' features, updated in place from columns: a live batch moves existing points and recolours
// them rather than rebuilding the layer, so thousands of vehicles cost one pass over typed arrays.

/**
 * Every vehicle of the screen as columns indexed by its place in the roster (the fleet's row order).
 * Coordinates are already in the view's projection (the live worker projects them); NaN means the vehicle
 * has no position yet. The arrays are the caller's and only read here.
 */
export interface VehicleColumns {
  readonly keys: readonly string[];
  readonly labels: readonly string[];
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Index into COLOURS. */
  readonly colour: Uint8Array;
  /** Heading index 0–11 (azimuthStep). */
  readonly step: Uint8Array;
}

/** One vehicle on the map: its feature and the feature's own flat coordinates. */
interface Slot {
  feature: Feature<Point>;
  /** OpenLayers' WebGL batch holds this very array. */
  flat: number[];
  colour: number;
  step: number;
}

export class VehicleFeatures {
  /** No spatial index: every position update would re-insert into the R-tree; clicks search linearly. */
  readonly source = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
  private columns: VehicleColumns | null = null;
  /** Slots by roster index; undefined where the vehicle is not drawn (unchecked, no position). */
  private slots: (Slot | undefined)[] = [];
  private drawn = 0;
  private readonly listeners = new Set<() => void>();

  /** Called after every change (batch, retain, new roster): labels and clusters follow the points. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Every drawn vehicle: roster index and view coordinates (clusters, labels). */
  forEach(visit: (index: number, x: number, y: number) => void): void {
    const slots = this.slots;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot) visit(i, slot.flat[0] as number, slot.flat[1] as number);
    }
  }

  get size(): number {
    return this.drawn;
  }

  keyOf(index: number): string {
    return this.columns?.keys[index] ?? '';
  }

  labelOf(index: number): string {
    return this.columns?.labels[index] ?? '';
  }

  colourOf(index: number): number {
    return this.slots[index]?.colour ?? 0;
  }

  stepOf(index: number): number {
    return this.slots[index]?.step ?? 0;
  }

  /** Roster index by key, built on first use per roster (the selected vehicle, a click). */
  private keyIndex: Map<string, number> | null = null;

  indexOf(key: string): number {
    if (!this.columns) return -1;
    if (!this.keyIndex) this.keyIndex = new Map(this.columns.keys.map((k, i) => [k, i]));
    return this.keyIndex.get(key) ?? -1;
  }

  feature(key: string): Feature<Point> | undefined {
    const i = this.indexOf(key);
    return i < 0 ? undefined : this.slots[i]?.feature;
  }

  /**
   * Draws the vehicles at `indices` (the first `count`) that `shown` allows, as they are in `columns` now.
   * A new roster (other `keys`) first clears the map.
   *
   * Why not setCoordinates/set per feature: each fires a feature change that the WebGL renderer handles by
   * removing and re-adding that feature in its batch, about 14 µs a vehicle, 280 ms for 20,000. Instead the
   * coordinates are written into the point's own flat-coordinates array (which the renderer's batch holds by
   * reference) and the style properties silently; one source change then makes the renderer rebuild its
   * buffers. Nothing is allocated for a known vehicle and nothing is looked up by key: the loop reads typed
   * arrays and one slot per vehicle (bench/map-apply-batch.ts, docs/performance.md "Live map").
   */
  apply(columns: VehicleColumns, indices: ArrayLike<number>, count: number, shown: ArrayLike<number>): void {
    if (this.columns?.keys !== columns.keys) this.reset(columns);
    this.columns = columns;
    const { x, y, colour, step } = columns;
    const slots = this.slots;
    const added: Feature<Point>[] = [];
    const removed: Feature<Point>[] = [];
    let moved = 0;
    for (let k = 0; k < count; k++) {
      const i = indices[k] as number;
      const slot = slots[i];
      const vx = x[i] as number;
      const vy = y[i] as number;
      if (shown[i] !== 1 || Number.isNaN(vx)) {
        if (slot) {
          removed.push(slot.feature);
          slots[i] = undefined;
          this.drawn--;
        }
        continue;
      }
      const c = colour[i] as number;
      const s = step[i] as number;
      if (!slot) {
        const feature = new Feature({ geometry: new Point([vx, vy]), col: c, row: s });
        feature.setId(columns.keys[i]);
        const flat = (feature.getGeometry() as Point).getFlatCoordinates();
        slots[i] = { feature, flat, colour: c, step: s };
        added.push(feature);
        this.drawn++;
        continue;
      }
      slot.flat[0] = vx;
      slot.flat[1] = vy;
      if (slot.colour !== c) {
        slot.colour = c;
        slot.feature.set('col', c, true);
      }
      if (slot.step !== s) {
        slot.step = s;
        slot.feature.set('row', s, true);
      }
      moved++;
    }
    if (removed.length > 0) this.source.removeFeatures(removed);
    if (added.length > 0) this.source.addFeatures(added);
    if (moved > 0) this.source.changed();
    this.changed();
  }

  /** Draws every vehicle `shown` allows and removes the others (the tree's checked set changed). */
  show(columns: VehicleColumns, shown: ArrayLike<number>): void {
    const n = columns.keys.length;
    const all = new Int32Array(n);
    for (let i = 0; i < n; i++) all[i] = i;
    this.apply(columns, all, n, shown);
  }

  private reset(columns: VehicleColumns): void {
    this.source.clear(true);
    this.keyIndex = null;
    this.slots = new Array(columns.keys.length);
    this.drawn = 0;
  }

  /** Nearest vehicle within `tolerance` view units of a coordinate. */
  nearest(coordinate: readonly number[], tolerance: number): string | undefined {
    let best = -1;
    let bestD = tolerance * tolerance;
    const [x, y] = coordinate as [number, number];
    this.forEach((i, vx, vy) => {
      const d = (vx - x) * (vx - x) + (vy - y) * (vy - y);
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    });
    return best < 0 ? undefined : this.keyOf(best);
  }
}
