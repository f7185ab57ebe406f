import { DAY_SECONDS, INSURANCE_WARNING_DAYS, VEHICLE_EXPIRY_WARNING_DAYS } from '@headway/spec';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ExpiryKind, ExpiryRow, ListResult } from '../contract/index.ts';
import { contains, pageOffset } from '../store/paging.ts';
import type { Database } from '../store/schema.ts';
import { fleetDb } from './schema.ts';

// The expiry lists (GET /basic/cars/expire, its export, and the layout's reminder): vehicles whose insurance
// (either policy) or licence expiry falls within the window from now, already expired ones included, soonest
// first. A discarded vehicle (state 100) is off the road and out of these lists.

export interface ExpiryFilter {
  kind: ExpiryKind;
  days?: number | undefined;
  search?: string | undefined;
  /** A console user's lines (consoles/scope.ts); undefined = the whole company. */
  lines?: ReadonlySet<number> | undefined;
}

export const DISCARDED_STATE = 100;

export function windowDays(filter: ExpiryFilter): number {
  return filter.days ?? (filter.kind === 'insurance' ? INSURANCE_WARNING_DAYS : VEHICLE_EXPIRY_WARNING_DAYS);
}

function filtered(db: Kysely<Database>, companyId: number, filter: ExpiryFilter, now: number) {
  const until = now + windowDays(filter) * DAY_SECONDS;
  let query = fleetDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('lines as l', (j) => j.onRef('l.id', '=', 'v.line_id').onRef('l.company_id', '=', 'v.company_id'))
    .where('v.company_id', '=', companyId)
    .where('v.state', '!=', DISCARDED_STATE);
  query =
    filter.kind === 'insurance'
      ? query.where((eb) =>
          eb.or([eb('v.compulsory_insurance_time', '<=', until), eb('v.commercial_insurance_time', '<=', until)]),
        )
      : query.where('v.expire_time', '<=', until);
  const search = filter.search?.trim();
  if (search) {
    query = query.where((eb) => eb.or([contains('v.car_name', search), contains('v.lpn', search)]));
  }
  if (filter.lines) {
    const ids = [...filter.lines];
    query = ids.length > 0 ? query.where('v.line_id', 'in', ids) : query.where(sql<boolean>`1 = 0`);
  }
  return query;
}

/** Soonest date first: for insurance the earlier of the two policies. */
function soonest(kind: ExpiryKind) {
  return kind === 'insurance'
    ? sql<number>`case when v.compulsory_insurance_time is null then v.commercial_insurance_time when v.commercial_insurance_time is null then v.compulsory_insurance_time when v.compulsory_insurance_time < v.commercial_insurance_time then v.compulsory_insurance_time else v.commercial_insurance_time end`
    : sql<number>`v.expire_time`;
}

function select(query: ReturnType<typeof filtered>) {
  return query.select([
    'v.id',
    'v.car_name',
    'v.lpn',
    'l.route_name',
    'v.compulsory_insurance_time',
    'v.commercial_insurance_time',
    'v.register_time',
    'v.expire_time',
  ]);
}

type Stored = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const num = (v: number | string | null) => (v === null ? null : Number(v));
const toRow = (r: Stored): ExpiryRow => ({
  car_id: Number(r.id),
  car_name: r.car_name,
  lpn: r.lpn,
  route_name: r.route_name ?? '',
  compulsory_insurance_time: num(r.compulsory_insurance_time),
  commercial_insurance_time: num(r.commercial_insurance_time),
  register_time: num(r.register_time),
  expire_time: num(r.expire_time),
});

export async function countExpiring(db: Kysely<Database>, companyId: number, filter: ExpiryFilter, now: number) {
  const counted = await filtered(db, companyId, filter, now)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

export async function listExpiring(
  db: Kysely<Database>,
  companyId: number,
  filter: ExpiryFilter,
  now: number,
  page: { page: number; limit: number },
): Promise<ListResult<ExpiryRow>> {
  const rows = await select(filtered(db, companyId, filter, now))
    .orderBy(soonest(filter.kind))
    .orderBy('v.id')
    .limit(page.limit)
    .offset(pageOffset(page))
    .execute();
  return { total: await countExpiring(db, companyId, filter, now), rows: rows.map(toRow) };
}

export async function* exportedExpiring(db: Kysely<Database>, companyId: number, filter: ExpiryFilter, now: number) {
  const rows = await select(filtered(db, companyId, filter, now))
    .orderBy(soonest(filter.kind))
    .orderBy('v.id')
    .execute();
  for (const r of rows) yield toRow(r);
}
