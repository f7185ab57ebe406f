import type { AlarmBody } from '@headway/server/contract';

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
