import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RENEWAL_KINDS, type RenewalKind, RenewalStateCode } from '@headway/spec';
import { sql } from 'kysely';
import { assertAllowed, sessionOf } from '../auth/access.ts';
import { CreateRenewalBody, RenewalListQuery, type RenewalRow, ReviewRenewalBody } from '../contract/index.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../kernel/errors.ts';
import { epochSeconds } from '../kernel/time.ts';
import type { Services } from '../services.ts';
import { contains, pageOffset, paging } from '../store/paging.ts';
import { FleetScreen, on } from './access.ts';
import { remarkOf } from './input.ts';
import { fleetDb } from './schema.ts';
import { getVehicle } from './vehicle-queries.ts';

// /basic/cars/renew (spec section 4 "Vehicle renewal: 0 to be reviewed, 1 reviewed, 2 cancelled"): a renewal of
// a vehicle's insurance, licence, inspection or tax is requested from the review screens with the new date and
// moves that date on the vehicle only once reviewed (the renewal screen's "pass" bit); cancelling needs its
// "cancel" bit. A renewal is reviewed or cancelled once; after that it is history.

const REQUESTERS = [
  FleetScreen.renewal,
  FleetScreen.insurance,
  FleetScreen.licence,
  FleetScreen.expiry,
  FleetScreen.vehicle,
];

export function renewalRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const rows = (companyId: number) =>
    fleetDb(db)
      .selectFrom('vehicle_renewals as r')
      .innerJoin('vehicles as v', (j) =>
        j.onRef('v.id', '=', 'r.vehicle_id').onRef('v.company_id', '=', 'r.company_id'),
      )
      .leftJoin('users as c', 'c.id', 'r.created_by')
      .leftJoin('users as u', 'u.id', 'r.reviewed_by')
      .where('r.company_id', '=', companyId);
  const select = (query: ReturnType<typeof rows>) =>
    query.select([
      'r.id',
      'r.vehicle_id',
      'v.car_name',
      'v.lpn',
      'r.renew_type',
      'r.old_time',
      'r.new_time',
      'r.remark',
      'r.state',
      'c.account as created_by_account',
      'u.account as reviewed_by_account',
      'r.created_at',
      'r.reviewed_at',
    ]);
  type Stored = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toRow = (r: Stored): RenewalRow => ({
    id: Number(r.id),
    car_id: Number(r.vehicle_id),
    car_name: r.car_name,
    lpn: r.lpn,
    renew_type: Number(r.renew_type),
    old_time: r.old_time === null ? null : Number(r.old_time),
    new_time: Number(r.new_time),
    remark: r.remark,
    state: Number(r.state),
    created_by_account: r.created_by_account ?? '',
    reviewed_by_account: r.reviewed_by_account ?? '',
    created_at: Number(r.created_at),
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
  });
  const one = async (companyId: number, id: number) => {
    const row = await select(rows(companyId).where('r.id', '=', id)).executeTakeFirst();
    if (!row) throw new ApiError(ErrorCode.recordMissing);
    return toRow(row);
  };

  return async (app) => {
    app.get(
      '/basic/cars/renew',
      { schema: { querystring: RenewalListQuery }, config: on(REQUESTERS, 'view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { page, limit, state, renew_type, search } = request.query;
        let query = rows(companyId);
        if (state !== undefined) query = query.where('r.state', '=', state);
        if (renew_type !== undefined) query = query.where('r.renew_type', '=', renew_type);
        const text = search?.trim();
        if (text) query = query.where((eb) => eb.or([contains('v.car_name', text), contains('v.lpn', text)]));
        const p = paging({ page, limit });
        const total = Number((await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
        const found = await select(query)
          .orderBy('r.state')
          .orderBy('r.id', 'desc')
          .limit(p.limit)
          .offset(pageOffset(p))
          .execute();
        return ok({ total, rows: found.map(toRow) });
      },
    );

    app.post(
      '/basic/cars/renew',
      { schema: { body: CreateRenewalBody }, config: on(REQUESTERS, 'add') },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        const { car_id, renew_type, new_time } = request.body;
        const vehicle = await getVehicle(db, companyId, car_id);
        if (!vehicle) throw new ApiError(ErrorCode.recordMissing);
        const kind = RENEWAL_KINDS[renew_type as RenewalKind];
        if (!kind) throw parameterError('renew_type', 'unknown code');
        const old_time = vehicle[kind.field];
        if (old_time !== null && new_time <= old_time) throw parameterError('new_time', 'not after the current date');
        const row = await fleetDb(db)
          .insertInto('vehicle_renewals')
          .values({
            company_id: companyId,
            vehicle_id: car_id,
            renew_type,
            old_time,
            new_time,
            remark: remarkOf(request.body.remark),
            created_by: userId,
            created_at: epochSeconds(clock),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return ok(await one(companyId, Number(row.id)));
      },
    );

    app.put(
      '/basic/cars/renew',
      { schema: { body: ReviewRenewalBody }, config: on(FleetScreen.renewal, 'view') },
      async (request) => {
        const session = sessionOf(request);
        const { companyId, userId } = session;
        const { id, state } = request.body;
        assertAllowed(session, {
          screen: FleetScreen.renewal,
          need: state === RenewalStateCode.reviewed ? 'pass' : 'cancel',
        });
        const renewal = await one(companyId, id);
        if (renewal.state !== RenewalStateCode.pending) throw parameterError('state', 'already reviewed or cancelled');
        const now = epochSeconds(clock);
        const remark = request.body.remark === undefined ? renewal.remark : remarkOf(request.body.remark);
        await fleetDb(db)
          .transaction()
          .execute(async (trx) => {
            // Only the pending row moves: two reviewers at once cannot both apply it.
            const moved = await trx
              .updateTable('vehicle_renewals')
              .set({ state, remark, reviewed_by: userId, reviewed_at: now })
              .where('company_id', '=', companyId)
              .where('id', '=', id)
              .where('state', '=', RenewalStateCode.pending)
              .executeTakeFirst();
            if (Number(moved.numUpdatedRows) !== 1) throw parameterError('state', 'already reviewed or cancelled');
            if (state === RenewalStateCode.reviewed) {
              const field = RENEWAL_KINDS[renewal.renew_type as RenewalKind].field;
              await trx
                .updateTable('vehicles')
                .set({ [field]: renewal.new_time, updated_at: now })
                .where('company_id', '=', companyId)
                .where('id', '=', renewal.car_id)
                .execute();
            }
          });
        return ok(await one(companyId, id));
      },
    );
  };
}
