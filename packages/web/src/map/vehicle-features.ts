import type { VehicleColour } from '@headway/server/contract';
import Feature from 'ol/Feature';
import Point from 'ol/geom/Point';
import VectorSource from 'ol/source/Vector';
import { COLOURS } from './vehicle-style';

// The vehicles' features, updated in place: a live batch moves existing points and recolours them rather
// than rebuilding the layer, so thousands of vehicles cost one pass over the batch.

export interface VehiclePoint {
  key: string;
  lng: number;
  lat: number;
  colour: VehicleColour;
  /** Heading index 0–11 (azimuthStep). */
  step: number;
  label: string;
}

export type Projector = (lng: number, lat: number, out?: number[]) => readonly number[];

const COLOUR_INDEX = new Map(COLOURS.map((c, i) => [c, i]));

/**
 * One vehicle on the map, allocated when it first appears and then only written to: the last applied
 * point (a private copy, callers may reuse theirs: see pointOf) with its feature, in one object so that a
 * batch touches as little memory per vehicle as possible.
 */
interface Slot extends VehiclePoint {
  feature: Feature<Point>;
  /** The point's own flat coordinates: OpenLayers' WebGL batch holds this very array. */
  flat: number[];
}

export class VehicleFeatures {
  /** No spatial index: every position update would re-insert into the R-tree; clicks search linearly. */
  readonly source = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
  private readonly slots = new Map<string, Slot>();
  private readonly listeners = new Set<() => void>();

  /**
   * `project` maps WGS-84 to view coordinates; given `out` it may write into it and return it (MapProvider's
   * does, coords.toView), which spares a pair per vehicle per batch. One that ignores `out` works too.
   */
  constructor(private project: Projector) {}

  /** Called after every change (batch, retain, reproject): labels and clusters follow the points. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Keys and view coordinates of every vehicle, for clustering and labels. `point` is read-only. */
  forEach(visit: (key: string, x: number, y: number, point: VehiclePoint) => void): void {
    for (const slot of this.slots.values()) visit(slot.key, slot.flat[0] as number, slot.flat[1] as number, slot);
  }

  get size(): number {
    return this.slots.size;
  }

  feature(key: string): Feature<Point> | undefined {
    return this.slots.get(key)?.feature;
  }

  /** The vehicle's last applied point (read-only). */
  point(key: string): VehiclePoint | undefined {
    return this.slots.get(key);
  }

  /**
   * Adds new vehicles and moves/recolours known ones, then signals the source once.
   *
   * Why not setCoordinates/set per feature: each fires a feature change that the WebGL renderer handles by
   * removing and re-adding that feature in its batch — about 14 µs a vehicle, 280 ms for 20,000. Instead the
   * point's coordinates are written into its own flat-coordinates array (which the renderer's batch holds by
   * reference) and the style properties silently; one source change then makes the renderer rebuild its
   * buffers from the batch. bench/map-apply-batch.ts measures it; vehicle-features.test.ts pins the contract.
   *
   * Nothing is allocated for a known vehicle: the batch's fields are copied into the vehicle's slot and the
   * projection writes into the point's array. Holding the caller's objects kept a batch's 20,000 points
   * alive into the next scavenge, and allocating in here is what lets a scavenge start inside the apply
   * (docs/performance.md "Live map": such rounds took 20–40 ms).
   */
  apply(batch: readonly VehiclePoint[]): void {
    const added: Feature<Point>[] = [];
    for (const p of batch) {
      const slot = this.slots.get(p.key);
      if (!slot) {
        const [x, y] = this.project(p.lng, p.lat) as [number, number];
        const feature = new Feature({
          geometry: new Point([x, y]),
          col: COLOUR_INDEX.get(p.colour) ?? 0,
          row: p.step,
          label: p.label,
        });
        feature.setId(p.key);
        const flat = (feature.getGeometry() as Point).getFlatCoordinates();
        const slot: Slot = {
          key: p.key,
          lng: p.lng,
          lat: p.lat,
          colour: p.colour,
          step: p.step,
          label: p.label,
          feature,
          flat,
        };
        this.slots.set(p.key, slot);
        added.push(feature);
        continue;
      }
      const flat = slot.flat;
      const xy = this.project(p.lng, p.lat, flat);
      if (xy !== flat) {
        flat[0] = xy[0] as number;
        flat[1] = xy[1] as number;
      }
      slot.lng = p.lng;
      slot.lat = p.lat;
      if (slot.colour !== p.colour) {
        slot.colour = p.colour;
        slot.feature.set('col', COLOUR_INDEX.get(p.colour) ?? 0, true);
      }
      if (slot.step !== p.step) {
        slot.step = p.step;
        slot.feature.set('row', p.step, true);
      }
      if (slot.label !== p.label) {
        slot.label = p.label;
        slot.feature.set('label', p.label, true);
      }
    }
    if (added.length > 0) this.source.addFeatures(added);
    if (batch.length > added.length) this.source.changed();
    this.changed();
  }

  /** Keeps only these vehicles on the map (the tree's checked ones). */
  retain(keys: ReadonlySet<string>): void {
    const removed: Feature<Point>[] = [];
    for (const [key, slot] of this.slots) {
      if (keys.has(key)) continue;
      removed.push(slot.feature);
      this.slots.delete(key);
    }
    if (removed.length > 0) this.source.removeFeatures(removed);
    this.changed();
  }

  /** A new base provider (datum): every point is projected again. */
  reproject(project: Projector): void {
    this.project = project;
    const all = [...this.slots.values()];
    this.slots.clear();
    this.source.clear(true);
    this.apply(all);
  }

  /** Nearest vehicle within `tolerance` view units of a coordinate. */
  nearest(coordinate: readonly number[], tolerance: number): string | undefined {
    let best: string | undefined;
    let bestD = tolerance * tolerance;
    const [x, y] = coordinate as [number, number];
    for (const [key, slot] of this.slots) {
      const dx = (slot.flat[0] as number) - x;
      const dy = (slot.flat[1] as number) - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = key;
      }
    }
    return best;
  }
}
