import type { CommandState } from '@headway/spec';
import type { Kysely } from 'kysely';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { regionDb } from '../schema.ts';
import type { PushableRegion } from './wire.ts';

// region_pushes: one row per set or delete sent to one vehicle's terminal, settled with its 0x0001 result.

/** The caller's region; another company's, or none, is 1008. */
export async function regionOf(db: Kysely<Database>, companyId: number, regionId: number): Promise<PushableRegion> {
  const region = await regionDb(db)
    .selectFrom('regions')
    .select(['id', 'region_name', 'region_type', 'region_point', 'region_option'])
    .where('id', '=', regionId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!region) throw new ApiError(ErrorCode.recordMissing, null, 'region not found');
  return region;
}

export interface NewPush {
  companyId: number;
  regionId: number;
  vehicleId: number;
  command: number;
  account: string;
  sendTime: number;
}

export async function insertPush(db: Kysely<Database>, p: NewPush): Promise<number> {
  const row = await regionDb(db)
    .insertInto('region_pushes')
    .values({
      company_id: p.companyId,
      region_id: p.regionId,
      vehicle_id: p.vehicleId,
      area_id: p.regionId,
      command: p.command,
      state: 1,
      result: null,
      account: p.account,
      send_time: p.sendTime,
      reply_time: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function settlePush(
  db: Kysely<Database>,
  id: number,
  outcome: { state: CommandState; result: number | null; replyTime: number },
): Promise<void> {
  await regionDb(db)
    .updateTable('region_pushes')
    .set({ state: outcome.state, result: outcome.result, reply_time: outcome.replyTime })
    .where('id', '=', id)
    .execute();
}

export interface LatestPush {
  vehicleId: number;
  carName: string;
  command: number;
  state: number;
  result: number | null;
  account: string;
  sendTime: number;
  replyTime: number | null;
}

/** Each vehicle's newest push of the region (a set or a delete), newest first. */
export async function latestPushes(db: Kysely<Database>, companyId: number, regionId: number): Promise<LatestPush[]> {
  const rows = await regionDb(db)
    .selectFrom('region_pushes as p')
    .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
    .select([
      'p.id',
      'p.vehicle_id',
      'v.car_name',
      'p.command',
      'p.state',
      'p.result',
      'p.account',
      'p.send_time',
      'p.reply_time',
    ])
    .where('p.company_id', '=', companyId)
    .where('p.region_id', '=', regionId)
    .where((eb) =>
      eb(
        'p.id',
        '=',
        eb
          .selectFrom('region_pushes as q')
          .select((q) => q.fn.max('q.id').as('id'))
          .whereRef('q.region_id', '=', 'p.region_id')
          .whereRef('q.vehicle_id', '=', 'p.vehicle_id'),
      ),
    )
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({
    vehicleId: r.vehicle_id,
    carName: r.car_name,
    command: r.command,
    state: r.state,
    result: r.result,
    account: r.account,
    sendTime: Number(r.send_time),
    replyTime: r.reply_time === null ? null : Number(r.reply_time),
  }));
}
