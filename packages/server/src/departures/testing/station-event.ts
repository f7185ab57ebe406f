import type { NewStationEvent } from '../schema.ts';

/** A departure of bus 1 on S40 at `eventTime`, for tests; `overrides` set what a test is about. */
export function stationEvent(eventTime: number, overrides: Partial<NewStationEvent> = {}): NewStationEvent {
  return {
    company_id: 1,
    imei: '860000000000001',
    terminal_phone: '013800138000',
    car_id: 1,
    car_name: 'Bus 1',
    route_code: 'S40',
    route_name: 'S40',
    direction: 1,
    serial: 2,
    station_name: 'Richmond Terr/Bard Av',
    flag: 1,
    event_time: eventTime,
    state: 0,
    support: 0,
    created_at: eventTime,
    ...overrides,
  };
}
