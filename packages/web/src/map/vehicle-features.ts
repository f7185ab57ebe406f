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

const COLOUR_INDEX = new Map(COLOURS.map((c, i) => [c, i]));

export class VehicleFeatures {
  /** No spatial index: every position update would re-insert into the R-tree; clicks search linearly. */
  readonly source = new VectorSource<Feature<Point>>({ useSpatialIndex: false });
  private readonly byKey = new Map<string, Feature<Point>>();
  private readonly points = new Map<string, VehiclePoint>();
  private readonly listeners = new Set<() => void>();

  constructor(private project: (lng: number, lat: number) => [number, number]) {}

  /** Called after every change (batch, retain, reproject): labels and clusters follow the points. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Keys and view coordinates of every vehicle, for clustering and labels. */
  forEach(visit: (key: string, x: number, y: number, point: VehiclePoint) => void): void {
    for (const [key, feature] of this.byKey) {
      const c = feature.getGeometry()?.getFlatCoordinates();
      const p = this.points.get(key);
      if (c && p) visit(key, c[0] as number, c[1] as number, p);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  feature(key: string): Feature<Point> | undefined {
    return this.byKey.get(key);
  }

  point(key: string): VehiclePoint | undefined {
    return this.points.get(key);
  }

  /**
   * Adds new vehicles and moves/recolours known ones, then signals the source once.
   *
   * Why not setCoordinates/set per feature: each fires a feature change that the WebGL renderer handles by
   * removing and re-adding that feature in its batch — about 14 µs a vehicle, 280 ms for 20,000. Instead the
   * point's coordinates are written into its own flat-coordinates array (which the renderer's batch holds by
   * reference) and the style properties silently; one source change then makes the renderer rebuild its
   * buffers from the batch. bench/map-apply-batch.ts measures it; vehicle-features.test.ts pins the contract.
   */
  apply(batch: readonly VehiclePoint[]): void {
    const added: Feature<Point>[] = [];
    let moved = false;
    for (const p of batch) {
      this.points.set(p.key, p);
      const [x, y] = this.project(p.lng, p.lat);
      const col = COLOUR_INDEX.get(p.colour) ?? 0;
      const existing = this.byKey.get(p.key);
      if (existing) {
        existing.set('col', col, true);
        existing.set('row', p.step, true);
        existing.set('label', p.label, true);
        const flat = existing.getGeometry()?.getFlatCoordinates();
        if (flat) {
          flat[0] = x;
          flat[1] = y;
        }
        moved = true;
        continue;
      }
      const feature = new Feature({ geometry: new Point([x, y]), col, row: p.step, label: p.label });
      feature.setId(p.key);
      this.byKey.set(p.key, feature);
      added.push(feature);
    }
    if (added.length > 0) this.source.addFeatures(added);
    if (moved) this.source.changed();
    this.changed();
  }

  /** Keeps only these vehicles on the map (the tree's checked ones). */
  retain(keys: ReadonlySet<string>): void {
    const removed: Feature<Point>[] = [];
    for (const [key, feature] of this.byKey) {
      if (keys.has(key)) continue;
      removed.push(feature);
      this.byKey.delete(key);
      this.points.delete(key);
    }
    if (removed.length > 0) this.source.removeFeatures(removed);
    this.changed();
  }

  /** A new base provider (datum): every point is projected again. */
  reproject(project: (lng: number, lat: number) => [number, number]): void {
    this.project = project;
    const all = [...this.points.values()];
    this.byKey.clear();
    this.points.clear();
    this.source.clear(true);
    this.apply(all);
  }

  /** Nearest vehicle within `tolerance` view units of a coordinate. */
  nearest(coordinate: readonly number[], tolerance: number): string | undefined {
    let best: string | undefined;
    let bestD = tolerance * tolerance;
    const [x, y] = coordinate as [number, number];
    for (const [key, feature] of this.byKey) {
      const c = feature.getGeometry()?.getFlatCoordinates();
      if (!c) continue;
      const dx = (c[0] as number) - x;
      const dy = (c[1] as number) - y;
      const d = dx * dx + dy * dy;
      if (d <= bestD) {
        bestD = d;
        best = key;
      }
    }
    return best;
  }
}
