import { describe, expect, it } from 'vitest';
import { type DetectedEvent, measureAccuracy, type TruthVisit } from './accuracy.ts';

const visit = (serial: number, arrival: number | null, departure: number | null): TruthVisit => ({
  vehicleId: 'v',
  routeCode: 'R',
  direction: 1,
  serial,
  arrival,
  departure,
});
const event = (serial: number, flag: 1 | 2, eventTime: number): DetectedEvent => ({
  vehicleId: 'v',
  routeCode: 'R',
  direction: 1,
  serial,
  flag,
  eventTime,
});

describe('measureAccuracy', () => {
  it('matches each truth time to one nearby event and reports errors and leftovers', () => {
    const truth = [visit(1, null, 100), visit(2, 200, 230), visit(3, 400, 420), visit(4, 600, 600)];
    const detected = [
      event(1, 2, 103),
      event(2, 1, 195),
      event(2, 1, 199), // duplicate: the nearer one is claimed, this one is left over
      event(2, 2, 236),
      event(3, 1, 900), // outside the window: station 3 missed
      event(4, 1, 600),
      event(4, 2, 601),
    ];
    const a = measureAccuracy(truth, detected);
    expect(a.visits).toBe(4);
    expect(a.detected).toBe(3);
    expect(a.detectedShare).toBe(0.75);
    expect(a.arrivals).toMatchObject({ count: 2, medianAbs: 1 });
    expect(a.departures.count).toBe(3);
    expect(a.unmatchedEvents.map((e) => e.eventTime).sort()).toEqual([195, 900]);
  });
});
