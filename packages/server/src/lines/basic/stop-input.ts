import { roundCoordinate, STOP_NAME_MAX } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { CreateBusStopBody } from '../../contract/index.ts';
import type { Database } from '../../store/schema.ts';
import { transitDb } from '../schema.ts';
import { clock as clockText, remark, routeCode, trimmedName } from './line-input.ts';
import { nextStopCode } from './stop-codes.ts';
import type { BusStopValues } from './stop-queries.ts';

/** A bus stop body (POST and PUT /basic/busstops, each row of an import) as stored values; no code: the next free. */
export async function busStopValues(
  db: Kysely<Database>,
  companyId: number,
  body: CreateBusStopBody,
): Promise<BusStopValues> {
  return {
    stop_name: trimmedName('stop_name', body.stop_name, 1, STOP_NAME_MAX),
    stop_code:
      body.stop_code !== undefined && body.stop_code.trim() !== ''
        ? routeCode(body.stop_code, 'stop_code')
        : await nextStopCode(transitDb(db), companyId),
    title: body.title?.trim() ?? '',
    code: body.code?.trim() ?? '',
    state: body.state ?? 0,
    address: remark('address', body.address),
    icon: body.icon?.trim() ?? '',
    is_share: body.is_share ?? 0,
    open_time: clockText('open_time', body.open_time),
    lng: roundCoordinate(body.lng),
    lat: roundCoordinate(body.lat),
  };
}
