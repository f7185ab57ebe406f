import { TRACK_MAX_SPAN_DAYS } from '@headway/spec';
import type { Kysely } from 'kysely';
import { companyConfig } from '../companies/queries.ts';
import type { TrackQueryBody } from '../contract/tracks.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';

// The track query's limits (spec section 8 "Track search"; docs/tracks.md "Rules"). Refusals carry the rule and
// the limit in `result` so a console can say which limit was hit, and a sentence for other clients and logs.

/** What the body asks for once its vehicles are named: explicit vehicles win over the line. */
export interface TrackAsk {
  start: number;
  end: number;
  /** car_id and car_list together, each once, in the order given. */
  carIds: number[];
  /** Only when no vehicle is named: every vehicle that ran the line in the span or is bound to it now. */
  routeCode: string | undefined;
  minSpeed: number;
}

function refuse(field: string, rule: string, reason: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(ErrorCode.parameter, { field, rule, reason, ...extra });
}

/** Checks what needs no database: order of times, the 7-day span, something to search for. */
export function trackAskOf(body: TrackQueryBody): TrackAsk {
  const { start_time: start, end_time: end } = body;
  if (end < start) throw refuse('end_time', 'before-start', 'end_time is before start_time');
  const maxSeconds = TRACK_MAX_SPAN_DAYS * 86_400;
  if (end - start > maxSeconds) {
    throw refuse('end_time', 'max-span', `a track query may span at most ${TRACK_MAX_SPAN_DAYS} days`, {
      max_days: TRACK_MAX_SPAN_DAYS,
    });
  }
  const carIds = [...new Set([...(body.car_id === undefined ? [] : [body.car_id]), ...(body.car_list ?? [])])];
  const routeCode = body.route_code?.trim() || undefined;
  if (carIds.length === 0 && !routeCode) {
    throw refuse('car_list', 'required', 'name a vehicle (car_id or car_list) or a line (route_code)');
  }
  return { start, end, carIds, routeCode: carIds.length > 0 ? undefined : routeCode, minSpeed: body.speed ?? 0 };
}

/** The company's multiple_search_limit in minutes (default from the spec; ≤ 0 means no limit). */
export async function multipleSearchLimit(db: Kysely<Database>, companyId: number): Promise<number> {
  const company = await db.selectFrom('companies').select('config').where('id', '=', companyId).executeTakeFirst();
  return company ? companyConfig(company).multiple_search_limit : companyConfig({ config: '{}' }).multiple_search_limit;
}

/** Several vehicles, or a whole line, may span only the company's multiple_search_limit minutes. */
export function checkMultipleSearch(ask: TrackAsk, vehicleCount: number, limitMinutes: number): void {
  const multiple = ask.routeCode !== undefined || vehicleCount > 1;
  if (!multiple || limitMinutes <= 0) return;
  if (ask.end - ask.start > limitMinutes * 60) {
    throw refuse(
      'end_time',
      'multiple-search-limit',
      `a query of several vehicles or a line may span at most ${limitMinutes} minutes (multiple_search_limit)`,
      { limit_minutes: limitMinutes },
    );
  }
}

/** More stored points than one answer may hold: 1009, with the count and the cap. */
export function checkRowCap(total: number, maxRows: number): void {
  if (total > maxRows) {
    throw new ApiError(ErrorCode.tooMuchData, {
      total,
      max: maxRows,
      reason: `${total} track points match, more than the ${maxRows} one answer may hold: narrow the time or the vehicles`,
    });
  }
}
