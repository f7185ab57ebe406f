import { describe, expect, it } from 'vitest';
import {
  DISPLAY_COLOURS,
  DISPLAY_STATE_NAMES,
  DISPLAY_STATES,
  STATE_OF_COLOUR,
  vehicleDisplay,
} from './display-states.ts';
import { StateMask } from './state-bits.ts';
import { WarningMask } from './warning-bits.ts';

const NOW = 1_790_000_000;
const base = {
  state: StateMask.online | StateMask.gpsValid,
  warning: 0,
  speed: 0,
  now: NOW,
  receiveTime: NOW - 5,
  movingTime: NOW - 300,
};

describe('vehicle display state (spec section 4)', () => {
  it('is gray offline, showing the time since the last receive, whatever else is set', () => {
    const d = vehicleDisplay({ ...base, state: StateMask.deviation, warning: 1, speed: 40, receiveTime: NOW - 600 });
    expect(d).toEqual({ state: 'offline', colour: 'gray', speed: null, elapsed: 600 });
  });

  it('is pink while deviating, with speed when running and elapsed time when not', () => {
    expect(vehicleDisplay({ ...base, state: base.state | StateMask.deviation, speed: 30, warning: 1 })).toEqual({
      state: 'deviating',
      colour: 'pink',
      speed: 30,
      elapsed: null,
    });
    expect(vehicleDisplay({ ...base, warning: WarningMask.routeDeviation })).toEqual({
      state: 'deviating',
      colour: 'pink',
      speed: null,
      elapsed: 300,
    });
  });

  it('puts red (warning) before orange (out of service) before the motion colours', () => {
    const outOfService = base.state | StateMask.outOfService;
    expect(vehicleDisplay({ ...base, state: outOfService, warning: WarningMask.speeding, speed: 50 })).toEqual({
      state: 'warning',
      colour: 'red',
      speed: 50,
      elapsed: null,
    });
    expect(vehicleDisplay({ ...base, state: outOfService, speed: 50 })).toMatchObject({
      state: 'outOfService',
      colour: 'orange',
      speed: 50,
    });
  });

  it('names a warning "Warning", not the motion its colour overrides (ACC on, stopped, SOS)', () => {
    const d = vehicleDisplay({ ...base, state: base.state | StateMask.accOn, warning: WarningMask.sos });
    expect(d).toEqual({ state: 'warning', colour: 'red', speed: null, elapsed: 300 });
    expect(DISPLAY_STATES[d.state].label.en).toBe('Warning');
  });

  it('is green running, purple idle with ACC on, blue parked', () => {
    expect(vehicleDisplay({ ...base, speed: 35 })).toEqual({
      state: 'running',
      colour: 'green',
      speed: 35,
      elapsed: null,
    });
    expect(vehicleDisplay({ ...base, state: base.state | StateMask.accOn })).toEqual({
      state: 'idle',
      colour: 'purple',
      speed: null,
      elapsed: 300,
    });
    expect(vehicleDisplay(base)).toEqual({ state: 'parking', colour: 'blue', speed: null, elapsed: 300 });
  });

  it('counts as running from 1 km/h even without the running bit, and not at 0 with it', () => {
    expect(vehicleDisplay({ ...base, speed: 1 }).state).toBe('running');
    expect(vehicleDisplay({ ...base, state: base.state | StateMask.running, speed: 0 }).state).toBe('parking');
    expect(vehicleDisplay({ ...base, state: base.state | StateMask.running, speed: 0.5 }).state).toBe('running');
  });

  it('takes online from state bit 4 unless told', () => {
    expect(vehicleDisplay({ ...base, state: 0 }).colour).toBe('gray');
    expect(vehicleDisplay({ ...base, state: 0, online: true }).colour).toBe('blue');
  });
});

describe('display state table', () => {
  it('gives each state its own colour, so the colour names the state', () => {
    expect(new Set(DISPLAY_COLOURS).size).toBe(DISPLAY_STATE_NAMES.length);
    expect(new Set(DISPLAY_STATE_NAMES.map((s) => DISPLAY_STATES[s].hex)).size).toBe(DISPLAY_STATE_NAMES.length);
    for (const state of DISPLAY_STATE_NAMES) expect(STATE_OF_COLOUR[DISPLAY_STATES[state].colour]).toBe(state);
  });

  it('lists the states in the spec precedence order', () => {
    expect(DISPLAY_COLOURS).toEqual(['gray', 'pink', 'red', 'orange', 'green', 'purple', 'blue']);
  });
});
