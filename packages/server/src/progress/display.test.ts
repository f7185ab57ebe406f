import { describe, expect, it } from 'vitest';
import { STATE_BITS, vehicleDisplay, WARNING_ROUTE_DEVIATION } from './display.ts';

const NOW = 1_790_000_000;
const base = {
  state: STATE_BITS.online | STATE_BITS.gpsValid,
  warning: 0,
  speed: 0,
  now: NOW,
  receiveTime: NOW - 5,
  movingTime: NOW - 300,
};

describe('vehicle display state (spec section 4)', () => {
  it('is gray offline, showing the time since the last receive, whatever else is set', () => {
    const d = vehicleDisplay({ ...base, state: STATE_BITS.deviation, warning: 1, speed: 40, receiveTime: NOW - 600 });
    expect(d).toEqual({ kind: 'offline', colour: 'gray', speed: null, elapsed: 600 });
  });

  it('is pink while deviating, with speed when running and elapsed time when not', () => {
    expect(vehicleDisplay({ ...base, state: base.state | STATE_BITS.deviation, speed: 30, warning: 1 })).toMatchObject({
      kind: 'deviating',
      colour: 'pink',
      speed: 30,
    });
    expect(vehicleDisplay({ ...base, warning: WARNING_ROUTE_DEVIATION })).toMatchObject({
      colour: 'pink',
      elapsed: 300,
    });
  });

  it('puts red (warning) before orange (out of service) before the motion colours', () => {
    const outOfService = base.state | STATE_BITS.outOfService;
    expect(vehicleDisplay({ ...base, state: outOfService, warning: 1 << 1, speed: 50 }).colour).toBe('red');
    expect(vehicleDisplay({ ...base, state: outOfService, speed: 50 })).toMatchObject({
      kind: 'running',
      colour: 'orange',
    });
  });

  it('is green running, purple idle with ACC on, blue parked', () => {
    expect(vehicleDisplay({ ...base, speed: 35 })).toEqual({
      kind: 'running',
      colour: 'green',
      speed: 35,
      elapsed: null,
    });
    expect(vehicleDisplay({ ...base, state: base.state | STATE_BITS.accOn })).toEqual({
      kind: 'idle',
      colour: 'purple',
      speed: null,
      elapsed: 300,
    });
    expect(vehicleDisplay(base)).toEqual({ kind: 'parking', colour: 'blue', speed: null, elapsed: 300 });
  });

  it('takes online from state bit 4 unless told', () => {
    expect(vehicleDisplay({ ...base, state: 0 }).colour).toBe('gray');
    expect(vehicleDisplay({ ...base, state: 0, online: true }).colour).toBe('blue');
  });
});
