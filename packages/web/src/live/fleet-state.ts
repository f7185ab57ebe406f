import type { RealData } from '@headway/server/contract';
import { realDataDisplay } from '@headway/spec';
import { type Datum, toView } from '../map/coords';
import { azimuthStep, COLOURS, isOnline, STATE_KINDS } from '../map/vehicle-style';
import type { FleetChanges, FleetRow } from './worker-protocol';

// The live state of every vehicle, in the live worker: full refreshes load it, gps batches merge into it
// (newest event time wins), and `take` turns what changed into transferable columns for the main thread.
// Runs without DOM or Worker APIs, so unit tests drive it directly.

const COLOUR_INDEX = new Map(COLOURS.map((c, i) => [c, i]));
const KIND_INDEX = new Map(STATE_KINDS.map((k, i) => [k, i]));

export class FleetState {
  private roster = 0;
  private imeis: string[] = [];
  private data: (RealData | null)[] = [];
  private online = new Uint8Array(0);
  /** Live frames may key a vehicle by its terminal phone (docs/map.md "Keys"). */
  private index = new Map<string, number>();
  private dirty = new Uint8Array(0);
  private dirtyList = new Int32Array(0);
  private dirtyCount = 0;
  private datum: Datum = 'wgs84';
  private selected: string | null = null;
  private selectedDirty = false;

  get loaded(): boolean {
    return this.roster > 0;
  }

  get pending(): boolean {
    return this.dirtyCount > 0 || this.selectedDirty;
  }

  /**
   * A full refresh: the rows become the roster (row order = index order on both threads). Data older than
   * what the worker already holds for the same vehicle is kept back: a live batch may have overtaken the
   * refresh's query.
   */
  load(roster: number, rows: readonly FleetRow[]): void {
    const held = new Map<string, RealData | null>();
    for (let i = 0; i < this.imeis.length; i++) held.set(this.imeis[i] as string, this.data[i] ?? null);
    const n = rows.length;
    this.roster = roster;
    this.imeis = new Array(n);
    this.data = new Array(n);
    this.online = new Uint8Array(n);
    this.index = new Map();
    this.dirty = new Uint8Array(n);
    this.dirtyList = new Int32Array(n);
    this.dirtyCount = 0;
    for (let i = 0; i < n; i++) {
      const row = rows[i] as FleetRow;
      const before = held.get(row.imei) ?? null;
      const data = before && (!row.real_data || row.real_data.et < before.et) ? before : row.real_data;
      this.imeis[i] = row.imei;
      this.data[i] = data;
      this.online[i] = data ? (isOnline(data) ? 1 : 0) : 0;
      this.index.set(row.imei, i);
      if (row.terminal_phone) this.index.set(row.terminal_phone, i);
      this.mark(i);
    }
    if (this.selected !== null) this.selectedDirty = true;
  }

  /** A gps batch: unknown vehicles (outside the roster) are skipped, older data is ignored. */
  merge(batch: readonly RealData[]): void {
    for (const item of batch) {
      const i = this.index.get(item.imei);
      if (i === undefined) continue;
      const held = this.data[i];
      if (held && item.et < held.et) continue;
      const imei = this.imeis[i] as string;
      item.imei = imei;
      this.data[i] = item;
      this.online[i] = isOnline(item) ? 1 : 0;
      this.mark(i);
      if (imei === this.selected) this.selectedDirty = true;
    }
  }

  /** A base map in another datum: every vehicle is projected again. */
  setDatum(datum: Datum): void {
    if (datum === this.datum) return;
    this.datum = datum;
    for (let i = 0; i < this.imeis.length; i++) this.mark(i);
  }

  select(imei: string | null): void {
    this.selected = imei;
    this.selectedDirty = imei !== null;
  }

  get(imei: string): RealData | null {
    const i = this.index.get(imei);
    return i === undefined ? null : (this.data[i] ?? null);
  }

  private mark(i: number): void {
    if (this.dirty[i] === 1) return;
    this.dirty[i] = 1;
    this.dirtyList[this.dirtyCount++] = i;
  }

  /** What changed since the last call, as columns (null when nothing did). `now` in Unix seconds. */
  take(now: number, workMs = 0): FleetChanges | null {
    if (!this.pending || !this.loaded) return null;
    const count = this.dirtyCount;
    const changes: FleetChanges = {
      type: 'fleet',
      roster: this.roster,
      count,
      index: new Int32Array(count),
      lng: new Float64Array(count),
      lat: new Float64Array(count),
      x: new Float64Array(count),
      y: new Float64Array(count),
      colour: new Uint8Array(count),
      kind: new Uint8Array(count),
      step: new Uint8Array(count),
      online: new Uint8Array(count),
      workMs,
    };
    const xy = [0, 0];
    for (let k = 0; k < count; k++) {
      const i = this.dirtyList[k] as number;
      this.dirty[i] = 0;
      changes.index[k] = i;
      const data = this.data[i] ?? null;
      const online = this.online[i] === 1;
      changes.online[k] = online ? 1 : 0;
      // The spec's rule itself, not vehicleLook: no second object per vehicle per batch.
      const display = realDataDisplay(data, online, now);
      changes.colour[k] = COLOUR_INDEX.get(display.colour) ?? 0;
      changes.kind[k] = KIND_INDEX.get(display.state) ?? 0;
      if (!data || (data.lat === 0 && data.lng === 0)) {
        changes.lng[k] = Number.NaN;
        changes.lat[k] = Number.NaN;
        changes.x[k] = Number.NaN;
        changes.y[k] = Number.NaN;
        continue;
      }
      changes.lng[k] = data.lng;
      changes.lat[k] = data.lat;
      toView(this.datum, data.lng, data.lat, xy);
      changes.x[k] = xy[0] as number;
      changes.y[k] = xy[1] as number;
      changes.step[k] = azimuthStep(data.a);
    }
    this.dirtyCount = 0;
    if (this.selectedDirty && this.selected !== null) {
      changes.selected = { imei: this.selected, data: this.get(this.selected) };
    }
    this.selectedDirty = false;
    return changes;
  }
}

/** The buffers of a post, for postMessage's transfer list. */
export function transferables(changes: FleetChanges): ArrayBuffer[] {
  const { index, lng, lat, x, y, colour, kind, step, online } = changes;
  return [index, lng, lat, x, y, colour, kind, step, online].map((a) => a.buffer as ArrayBuffer);
}
