import { describe, expect, it } from 'vitest';
import { changeRouteBody, changeRouteType } from './change-route';

describe('the change-route type', () => {
  it('is 128 out of service, whatever the direction', () => {
    expect(changeRouteType({ state: 0, direction: 2, sync: true })).toBe(128);
    expect(changeRouteType({ state: 0, direction: 1, sync: false })).toBe(128);
  });

  it('is the chosen direction in operation with sync ticked', () => {
    expect(changeRouteType({ state: 1, direction: 1, sync: true })).toBe(1);
    expect(changeRouteType({ state: 1, direction: 2, sync: true })).toBe(2);
  });

  it('is 3 in operation without sync', () => {
    expect(changeRouteType({ state: 1, direction: 2, sync: false })).toBe(3);
  });

  it('sends the line’s code and a trimmed remark, none when blank', () => {
    expect(changeRouteBody(7, 'S40', { state: 1, route_id: 1, direction: 2, sync: true, attr: '  ' })).toEqual({
      car_id: 7,
      route_id: 1,
      type: 2,
      route_code: 'S40',
    });
  });
});
