import { StateMask, WarningMask } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import { azimuthStep, vehicleLook } from './vehicle-style';

const ONLINE = StateMask.online;
const ACC = StateMask.accOn;
const base = { imei: '1', lat: 1, lng: 1, a: 0, w: 0, et: 1000, rt: 1000 };

describe('azimuth in 30° steps', () => {
  it.each([
    [0, 0],
    [14, 0],
    [15, 1],
    [44, 1],
    [90, 3],
    [344, 11],
    [345, 0],
    [359, 0],
    [360, 0],
    [-30, 11],
    [725, 0],
    [Number.NaN, 0],
  ])('%s° → step %s', (azimuth, step) => {
    expect(azimuthStep(azimuth)).toBe(step);
  });
});

describe('display state and colour (spec section 4)', () => {
  const now = 1100;
  it('is gray when offline or never seen', () => {
    expect(vehicleLook(null, false, now)).toMatchObject({ kind: 'offline', colour: 'gray' });
    expect(vehicleLook({ ...base, v: 30, s: ONLINE }, false, now)).toMatchObject({
      kind: 'offline',
      colour: 'gray',
      elapsed: 100,
    });
  });
  it('follows the precedence pink, red, orange, green, purple, blue', () => {
    expect(vehicleLook({ ...base, v: 30, s: ONLINE | StateMask.deviation, w: 2 }, true, now).colour).toBe('pink');
    expect(vehicleLook({ ...base, v: 30, s: ONLINE, w: 2 }, true, now).colour).toBe('red');
    expect(vehicleLook({ ...base, v: 30, s: ONLINE | StateMask.outOfService }, true, now).colour).toBe('orange');
    expect(vehicleLook({ ...base, v: 30, s: ONLINE }, true, now)).toMatchObject({
      kind: 'running',
      colour: 'green',
      speed: 30,
    });
    expect(vehicleLook({ ...base, v: 0, s: ONLINE | ACC }, true, now)).toMatchObject({
      kind: 'idle',
      colour: 'purple',
    });
    expect(vehicleLook({ ...base, v: 0, s: ONLINE }, true, now)).toMatchObject({ kind: 'parking', colour: 'blue' });
  });
  it('names the state the colour shows: ACC on and stopped with an alarm is "warning", not "idle"', () => {
    expect(vehicleLook({ ...base, v: 0, s: ONLINE | ACC, w: WarningMask.sos }, true, now)).toMatchObject({
      kind: 'warning',
      colour: 'red',
      elapsed: 100,
    });
    expect(vehicleLook({ ...base, v: 12, s: ONLINE | StateMask.outOfService }, true, now)).toMatchObject({
      kind: 'outOfService',
      speed: 12,
    });
  });
});
