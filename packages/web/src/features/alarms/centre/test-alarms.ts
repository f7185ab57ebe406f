import type { AlarmBody, AlarmRealRow, PlatformAlarmType } from '@headway/server/contract';
import { QueryClient } from '@tanstack/react-query';
import { platformTypesKey } from '../alarm-text';

// Alarm bodies for the alarm centre's tests, numbered in creation order.

export const NOW = 1_800_000_000_000;
export const SPEEDING = 1001;
export const GNSS_FAULT = 1101;

let nextId = 1;

export function alarm(carId: number | null, code: number, extra: Partial<AlarmBody> = {}): AlarmBody {
  const id = nextId++;
  return {
    id,
    alarm_key: `k${id}`,
    car_id: carId,
    car_name: carId === null ? '' : `Bus ${carId}`,
    route_id: 1,
    route_name: 'Line 1',
    lpn: carId === null ? '' : `B-${carId}`,
    imei: `86452004000${carId ?? 'x'}`,
    alarm_type: 0,
    alarm_level: 2,
    platform_alarm_id: code,
    device_type: 'GPS',
    event_time: Math.floor(NOW / 1000),
    end_time: null,
    speed: 40,
    lat: 13.75,
    lng: 100.5,
    attached_count: 0,
    ...extra,
  };
}

/** A row of the live list (GET /device/alarm/real): `count` alarms of `code` for the car, the newest as `last`. */
export function realRow(
  carId: number | null,
  code: number,
  count = 1,
  extra: Partial<AlarmRealRow> = {},
): AlarmRealRow {
  const last = alarm(carId, code);
  return {
    car_id: last.car_id,
    car_name: last.car_name,
    route_id: last.route_id,
    lpn: last.lpn,
    imei: last.imei,
    route_name: last.route_name,
    alarm_count: count,
    platform_alarm_id: code,
    alarm_type: 0,
    device_type: 'GPS',
    event_time: last.event_time,
    last,
    ...extra,
  };
}

/**
 * A query client with the company's own alarm types already read in English, as after the centre's first load:
 * nothing goes out for their names.
 */
export function clientWithOwnTypes(rows: readonly PlatformAlarmType[] = []): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(platformTypesKey('en'), { total: rows.length, rows });
  return client;
}
