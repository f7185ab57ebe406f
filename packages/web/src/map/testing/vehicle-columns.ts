import type { VehicleColumns, VehicleFeatures } from '../vehicle-features';
import { COLOURS } from '../vehicle-style';

// Test fixtures for the map kit: a roster as VehicleColumns, and writing vehicles into it.

export interface TestVehicle {
  key: string;
  x: number;
  y: number;
  colour?: (typeof COLOURS)[number];
  step?: number;
}

export function columnsOf(vehicles: readonly TestVehicle[]): VehicleColumns {
  const n = vehicles.length;
  const columns = {
    keys: vehicles.map((v) => v.key),
    labels: vehicles.map((v) => `Bus ${v.key}`),
    x: new Float64Array(n),
    y: new Float64Array(n),
    colour: new Uint8Array(n),
    step: new Uint8Array(n),
  };
  vehicles.forEach((v, i) => {
    write(columns, i, v);
  });
  return columns;
}

/** Writes one vehicle's row (a worker change) and returns its index. */
export function write(columns: VehicleColumns, i: number, v: Partial<TestVehicle>): number {
  if (v.x !== undefined) columns.x[i] = v.x;
  if (v.y !== undefined) columns.y[i] = v.y;
  if (v.colour !== undefined) columns.colour[i] = COLOURS.indexOf(v.colour);
  if (v.step !== undefined) columns.step[i] = v.step;
  return i;
}

/** Applies the given rows with every vehicle shown. */
export function applyRows(features: VehicleFeatures, columns: VehicleColumns, rows: readonly number[]): void {
  features.apply(columns, rows, rows.length, new Uint8Array(columns.keys.length).fill(1));
}

export function showAll(features: VehicleFeatures, columns: VehicleColumns): void {
  features.show(columns, new Uint8Array(columns.keys.length).fill(1));
}
