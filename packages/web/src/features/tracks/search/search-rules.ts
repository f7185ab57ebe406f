import type { TrackQueryBody } from '@headway/server/contract';
import { TRACK_CONFIRM_SPAN_HOURS, TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import dayjs, { type Dayjs } from 'dayjs';

// The track search panel's rules (product spec section 8 "Track search panel", section 9 "Track search"), pure so
// they are tested without a form: the time presets and what a search may send.

export const TIME_PRESETS = ['custom', 'hour1', 'hour2', 'today', 'yesterday'] as const;
export type TimePreset = (typeof TIME_PRESETS)[number];

/** The window a preset stands for at `now`; custom keeps what the user set (null). */
export function presetRange(preset: TimePreset, now: Dayjs = dayjs()): [Dayjs, Dayjs] | null {
  switch (preset) {
    case 'hour1':
      return [now.subtract(1, 'hour'), now];
    case 'hour2':
      return [now.subtract(2, 'hour'), now];
    case 'today':
      return [now.startOf('day'), now];
    case 'yesterday': {
      const day = now.subtract(1, 'day');
      return [day.startOf('day'), day.endOf('day')];
    }
    default:
      return null;
  }
}

export interface SearchInput {
  /** Epoch seconds; the form's required rules stop a search without them. */
  start: number;
  end: number;
  carIds: readonly number[];
  routeCode?: string | undefined;
  /** The "speed > 0" switch. */
  moving: boolean;
}

export type SearchProblem = 'pickVehicle' | 'endBeforeStart' | 'tooLong';

export type SearchCheck =
  | { kind: 'invalid'; problem: SearchProblem }
  /** Above 24 hours the user confirms first. */
  | { kind: 'confirm'; body: TrackQueryBody }
  | { kind: 'ok'; body: TrackQueryBody };

/**
 * Vehicles chosen: those vehicles (the line only narrows the choice). None: the whole line. The switch sends a
 * minimum speed of 1 km/h (the contract's "speed > 0"), else 0.
 */
export function queryBody(input: SearchInput): TrackQueryBody {
  const base = { start_time: input.start, end_time: input.end, speed: input.moving ? 1 : 0 };
  if (input.carIds.length === 1) return { ...base, car_id: input.carIds[0] as number };
  if (input.carIds.length > 1) return { ...base, car_list: [...input.carIds] };
  return { ...base, route_code: input.routeCode as string };
}

export function checkSearch(input: SearchInput): SearchCheck {
  if (input.carIds.length === 0 && !input.routeCode) return { kind: 'invalid', problem: 'pickVehicle' };
  const span = input.end - input.start;
  if (span <= 0) return { kind: 'invalid', problem: 'endBeforeStart' };
  if (span > TRACK_MAX_SPAN_DAYS * 86_400) return { kind: 'invalid', problem: 'tooLong' };
  const body = queryBody(input);
  return span > TRACK_CONFIRM_SPAN_HOURS * 3600 ? { kind: 'confirm', body } : { kind: 'ok', body };
}
