import type { AlarmBody, RealData, VehicleLiveResult } from '@headway/server/contract';
import { hasPermission } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { http } from '../../../api/client';
import { useWatchedVehicles } from '../../../live/use-live';
import { MAP_SCREEN, useScreenMask } from '../access';

// The SOS modal's live trace: where the vehicle has gone since the alarm. It starts at the alarm's position,
// takes the vehicle's newest position once from the map's full refresh (GET /basic/cars/real, only for a user
// who may see the map), then follows the live channel's watch on the vehicle (live/client.ts watchVehicles),
// which the worker answers from gps frames whether or not the map is open.

/** A dialog left open for hours keeps the newest points only. */
export const TRACE_MAX_POINTS = 5_000;

export interface TracePoint {
  lng: number;
  lat: number;
  /** Event time, epoch seconds. */
  time: number;
}

/** The trace with `point` added, unchanged (same array) for a repeated or position-less report. */
export function appendTrace(trace: readonly TracePoint[], point: TracePoint): readonly TracePoint[] {
  if (!Number.isFinite(point.lng) || !Number.isFinite(point.lat) || (point.lng === 0 && point.lat === 0)) return trace;
  const last = trace[trace.length - 1];
  if (last && (point.time <= last.time || (last.lng === point.lng && last.lat === point.lat))) return trace;
  const next = [...trace, point];
  return next.length > TRACE_MAX_POINTS ? next.slice(next.length - TRACE_MAX_POINTS) : next;
}

export interface TraceState {
  trace: readonly TracePoint[];
  /** The vehicle's newest fix, null while only the alarm's position is known. */
  current: RealData | null;
  /** When that fix arrived, epoch ms (0 before the first). */
  updatedAt: number;
}

/** The trace an SOS dialog opens with: the alarm's position, when it has one. */
export function startTrace(alarm: Pick<AlarmBody, 'lng' | 'lat' | 'event_time'>): TraceState {
  return {
    trace: appendTrace([], { lng: alarm.lng, lat: alarm.lat, time: alarm.event_time }),
    current: null,
    updatedAt: 0,
  };
}

/**
 * The state after `fixes` arrived at `at` (epoch ms): each fix newer than the current one extends the trace and
 * becomes current. The same object when none is newer (a repeated push, the REST answer overtaken by the live
 * channel), so nothing re-renders.
 */
export function withFixes(state: TraceState, fixes: readonly RealData[], at: number): TraceState {
  let { trace, current } = state;
  for (const fix of fixes) {
    if (current && fix.et <= current.et) continue;
    current = fix;
    trace = appendTrace(trace, { lng: fix.lng, lat: fix.lat, time: fix.et });
  }
  return current === state.current ? state : { trace, current, updatedAt: at };
}

export type TraceStatus = 'waiting' | 'live' | 'unavailable';

function vehicleOf(result: VehicleLiveResult, alarm: Pick<AlarmBody, 'car_id' | 'imei'>): RealData | null {
  const row = result.rows.find((r) => (alarm.car_id !== null ? r.car_id === alarm.car_id : r.imei === alarm.imei));
  return row?.real_data ?? null;
}

export function useVehicleTrace(alarm: Pick<AlarmBody, 'id' | 'car_id' | 'imei' | 'lng' | 'lat' | 'event_time'>) {
  const [state, setState] = useState(() => startTrace(alarm));
  const add = useCallback((fixes: readonly RealData[]) => {
    const at = Date.now();
    setState((s) => withFixes(s, fixes, at));
  }, []);
  const mayReadMap = hasPermission(useScreenMask(MAP_SCREEN), 'view');
  // Once: the live watch keeps the position current from here on.
  const rest = useQuery({
    queryKey: ['alarm-sos-trace', alarm.id],
    queryFn: async () =>
      vehicleOf(await http.get<VehicleLiveResult>('/basic/cars/real', undefined, { silent: true }), alarm),
    enabled: mayReadMap,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const fix = rest.data;
  useEffect(() => {
    if (fix) add([fix]);
  }, [fix, add]);
  // The alarm's `imei` is real_data's key for the vehicle (the terminal phone for a device without one).
  const channel = useWatchedVehicles([alarm.imei], add);
  const status: TraceStatus = channel === 'offline' ? 'unavailable' : state.current ? 'live' : 'waiting';
  return { ...state, status };
}
