import type { PassengerQueryBody, PassengerResult, PassengerRow } from '@headway/server/contract';
import { http } from '../../api/client';

export type { PassengerRow };

// The passenger chart's calls (docs/api.md "Passengers"). Types come from the server contract.

export type PassengerMode = 'time' | 'station';

export const passengerApi = {
  /** Silent: the chart shows a failure in place (the session flow still runs, see PassengerChart). */
  counts: (mode: PassengerMode, body: PassengerQueryBody) =>
    http.post<PassengerResult>(`/device/passenger/${mode}`, body, { silent: true }),
};

export const passengerKeys = {
  counts: (mode: PassengerMode, body: PassengerQueryBody) =>
    ['passengers', mode, body.car_id, body.start_time, body.end_time] as const,
};
