import type { OwnLine, TrackQueryBody, TrackResult, VehicleLiveResult } from '@headway/server/contract';
import { http } from '../../api/client';

export type { OwnLine, TrackQueryBody, TrackResult };

// Track playback's calls (docs/tracks.md "Console"). The track query's failures (1009 too much data, the span and
// multi-vehicle limits) reach the user with the server's message through the client's failure reaction.
export const trackApi = {
  query: (body: TrackQueryBody) => http.post<TrackResult>('/device/position', body),
  /** The company's vehicles for the selector (identity only is used; the map's list, GET /basic/cars/real). */
  vehicles: () => http.get<VehicleLiveResult>('/basic/cars/real'),
  lines: () => http.get<OwnLine[]>('/basic/routes/own'),
};
