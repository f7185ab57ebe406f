import { describe, expect, it } from 'vitest';
import { type SimulatorTruthRecord, truthFromSimulatorJsonl } from './simulator-truth.ts';

const rec = (
  flag: 1 | 2,
  time: number,
  stopSequence: number,
  serial: number,
  extra: Partial<SimulatorTruthRecord> = {},
) =>
  JSON.stringify({
    phone: 'p1',
    carName: '8212',
    flag,
    time,
    scheduled: time,
    tripId: 't1',
    routeCode: 'S51',
    direction: 2,
    stopId: 'x',
    serial,
    stationName: 'X',
    stopSequence,
    lat: 0,
    lng: 0,
    ...extra,
  });

describe('truthFromSimulatorJsonl', () => {
  it('pairs arrival and departure per stop, drops off-pattern stops and leaves the layover ends open', () => {
    const text = [
      rec(1, 100, 1, 1),
      rec(2, 160, 1, 1),
      rec(1, 200, 2, 0), // a stop not on the registered pattern
      rec(2, 210, 2, 0),
      rec(1, 300, 3, 2),
      rec(2, 320, 3, 2),
      rec(1, 400, 4, 3),
      rec(2, 900, 4, 3),
      rec(1, 500, 1, 1, { phone: 'p2', routeCode: 'S42' }),
      '',
    ].join('\n');
    const visits = truthFromSimulatorJsonl(text, { boundLine: (phone) => (phone === 'p1' ? 'S51' : 'S40') });
    expect(visits).toEqual([
      { vehicleId: 'p1', routeCode: 'S51', direction: 2, serial: 1, arrival: null, departure: 160 },
      { vehicleId: 'p1', routeCode: 'S51', direction: 2, serial: 2, arrival: 300, departure: 320 },
      { vehicleId: 'p1', routeCode: 'S51', direction: 2, serial: 3, arrival: 400, departure: null },
    ]);
  });
});
