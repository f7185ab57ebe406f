import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import { sessionOf } from '../auth/access.ts';
import { lineScopeOf } from '../consoles/scope.ts';
import { PassengerQueryBody, type PassengerResult, type PassengerRow } from '../contract/tracks.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { type PassengerQuery, passengersByStation, passengersByTime } from './passenger-counts.ts';
import { visibleVehicle } from './queries.ts';

// POST /device/passenger/time and /device/passenger/station (spec section 7 "Passenger by time and by station";
// docs/passengers.md, docs/api.md "Passengers"). The passenger chart opens from the monitoring map's info box and
// beside track playback, so either screen's view bit admits it. A vehicle of another company, or outside the
// caller's consoles, answers like a missing one (1008).

const ACCESS = { screen: ['MonitoringMap', 'MonitoringTrack'], need: 'view' } as const;

const MAX_SPAN_SECONDS = TRACK_MAX_SPAN_DAYS * 86_400;

type Tally = (db: Services['db'], q: PassengerQuery) => Promise<PassengerRow[]>;

export function passengerRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db } = services;

  return async (app) => {
    const route = (path: string, tally: Tally) =>
      app.post(path, { schema: { body: PassengerQueryBody }, config: { access: ACCESS } }, async (request) => {
        const { companyId, userId } = sessionOf(request);
        const { car_id, start_time, end_time } = request.body;
        if (end_time < start_time) throw parameterError('end_time', 'end_time is before start_time');
        if (end_time - start_time > MAX_SPAN_SECONDS) {
          throw parameterError('end_time', `the range spans more than ${TRACK_MAX_SPAN_DAYS} days`);
        }
        const vehicle = await visibleVehicle(db, companyId, car_id, await lineScopeOf(db, companyId, userId));
        if (!vehicle) throw new ApiError(ErrorCode.recordMissing);
        const rows = await tally(db, { companyId, carId: vehicle.id, start: start_time, end: end_time });
        const result: PassengerResult = { rows };
        return ok(result);
      });

    route('/device/passenger/time', passengersByTime);
    route('/device/passenger/station', passengersByStation);
  };
}
