import type { OwnLineStation } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import {
  isReversed,
  placeAlong,
  placeEvent,
  placeLive,
  posAtDistance,
  stationIndex,
  terminalFieldOf,
} from './placement';

function stations(distances: number[]): OwnLineStation[] {
  return distances.map((distance, i) => ({
    id: 100 + i,
    serial: i + 1,
    station_name: `S${i + 1}`,
    distance,
    lat: 0,
    lng: 0,
  }));
}

const up = { direction: 1, stations: stations([0, 400, 1000, 1500, 2300]) };
const down = { direction: 2, stations: stations([0, 800, 1300, 1900, 2300]) };
const twoWay = { category: 0 };

describe('terminal fields', () => {
  it('two-way lines: up leaves the main field for the second, down comes back', () => {
    expect(terminalFieldOf(0, 1, 'origin')).toBe('main');
    expect(terminalFieldOf(0, 1, 'terminal')).toBe('second');
    expect(terminalFieldOf(0, 2, 'origin')).toBe('second');
    expect(terminalFieldOf(0, 2, 'terminal')).toBe('main');
  });

  it('loops start and end at the main field in either direction', () => {
    for (const category of [1, 2]) {
      for (const direction of [1, 2]) {
        expect(terminalFieldOf(category, direction, 'origin')).toBe('main');
        expect(terminalFieldOf(category, direction, 'terminal')).toBe('main');
      }
    }
  });

  it('draws the down direction of a two-way line reversed, nothing else', () => {
    expect(isReversed(0, 1)).toBe(false);
    expect(isReversed(0, 2)).toBe(true);
    expect(isReversed(1, 1)).toBe(false);
    expect(isReversed(2, 2)).toBe(false);
  });
});

describe('positions', () => {
  it('finds stations by serial even when serials do not start at 1', () => {
    expect(stationIndex(up.stations, 3)).toBe(2);
    const shifted = up.stations.map((s) => ({ ...s, serial: s.serial + 10 }));
    expect(stationIndex(shifted, 13)).toBe(2);
    expect(stationIndex(shifted, 99)).toBe(-1);
  });

  it('interpolates between stations by their distances', () => {
    expect(posAtDistance(up.stations, -5)).toBe(0);
    expect(posAtDistance(up.stations, 0)).toBe(0);
    expect(posAtDistance(up.stations, 200)).toBeCloseTo(0.5);
    expect(posAtDistance(up.stations, 1000)).toBe(2);
    expect(posAtDistance(up.stations, 1900)).toBeCloseTo(3.5);
    expect(posAtDistance(up.stations, 9999)).toBe(4);
  });

  it('a live vehicle: between stations by the distance to the next, at a station while it has not left', () => {
    // Left S2 (400 m), 150 m before S3 (1000 m): 75 % of the leg.
    expect(placeLive(twoWay, up, { sn: 2, dt: 1, dist: 150 })).toEqual({ field: null, pos: 1.75 });
    // Still standing at S2.
    expect(placeLive(twoWay, up, { sn: 2, dt: 0, dist: 600 })).toEqual({ field: null, pos: 1 });
    // A distance beyond the leg (stale) is clamped to the station.
    expect(placeLive(twoWay, up, { sn: 2, dt: 1, dist: 5000 })).toEqual({ field: null, pos: 1 });
  });

  it('a live vehicle at the origin or the terminal is in that end’s field', () => {
    expect(placeLive(twoWay, up, { sn: 0 }).field).toBe('main');
    expect(placeLive(twoWay, up, { sn: 1, dt: 0, dist: 400 }).field).toBe('main');
    expect(placeLive(twoWay, up, { sn: 1, dt: 5, dist: 300 })).toEqual({ field: null, pos: 0.25 });
    expect(placeLive(twoWay, up, { sn: 5, dt: 0 }).field).toBe('second');
    expect(placeLive(twoWay, down, { sn: 0 }).field).toBe('second');
    expect(placeLive(twoWay, down, { sn: 5 }).field).toBe('main');
    expect(placeLive({ category: 1 }, up, { sn: 5 }).field).toBe('main');
    // An unknown serial is treated as not started.
    expect(placeLive(twoWay, up, { sn: 42, dt: 1 }).field).toBe('main');
  });

  it('a vehicle by its distance along the direction', () => {
    expect(placeAlong(twoWay, up, 700)).toEqual({ field: null, pos: 1.5 });
    expect(placeAlong(twoWay, up, 0).field).toBe('main');
    expect(placeAlong(twoWay, down, 2300).field).toBe('main');
    expect(placeAlong(twoWay, down, 0).field).toBe('second');
  });

  it('a station event: arrivals at the station, departures halfway on, the ends in their fields', () => {
    expect(placeEvent(twoWay, up, 3, 1)).toEqual({ field: null, pos: 2 });
    expect(placeEvent(twoWay, up, 3, 2)).toEqual({ field: null, pos: 2.5 });
    expect(placeEvent(twoWay, up, 1, 1).field).toBe('main');
    expect(placeEvent(twoWay, up, 1, 2)).toEqual({ field: null, pos: 0.5 });
    expect(placeEvent(twoWay, up, 5, 1).field).toBe('second');
    expect(placeEvent(twoWay, down, 5, 1).field).toBe('main');
    expect(placeEvent({ category: 2 }, down, 1, 1).field).toBe('main');
  });
});
