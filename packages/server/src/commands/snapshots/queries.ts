import type { Kysely } from 'kysely';
import type { LineScope } from '../../consoles/scope.ts';
import type { SnapshotListQuery, SnapshotRow } from '../../contract/commands.ts';
import type { ListResult } from '../../contract/lists.ts';
import type { Database } from '../../store/schema.ts';
import { commandDb } from '../schema.ts';

// Reads of the snapshots table: the preview list, one picture's bytes, and the pictures a snapshot command is
// waiting for. Company first; a console user sees the pictures of the vehicles on their consoles' lines only.

/** The image's API path without the base: the console prefixes its base and fetches it signed. */
export function imageUrl(id: number): string {
  return `/device/snapshot/${id}/image`;
}

const COLUMNS = [
  's.id',
  's.vehicle_id',
  's.car_name',
  's.chn',
  's.snap_time',
  's.width',
  's.height',
  's.size',
] as const;

type Listed = {
  id: number;
  vehicle_id: number | null;
  car_name: string;
  chn: number;
  snap_time: number | string;
  width: number | null;
  height: number | null;
  size: number;
};

function rowOf(r: Listed): SnapshotRow {
  return {
    id: r.id,
    img_url: imageUrl(r.id),
    car_id: r.vehicle_id,
    car_name: r.car_name,
    chn: r.chn,
    // PostgreSQL returns bigint columns as strings.
    snap_time: Number(r.snap_time),
    width: r.width,
    height: r.height,
    size: r.size,
  };
}

function scoped(db: Kysely<Database>, companyId: number, scope: LineScope) {
  const cdb = commandDb(db);
  let query = cdb.selectFrom('snapshots as s').where('s.company_id', '=', companyId);
  if (scope !== undefined) {
    const lines = [...scope];
    query = query.where('s.vehicle_id', 'in', (eb) =>
      eb
        .selectFrom('vehicles as v')
        .select('v.id')
        .where('v.company_id', '=', companyId)
        .where('v.line_id', 'in', lines.length > 0 ? lines : [-1]),
    );
  }
  return query;
}

export async function listSnapshots(
  db: Kysely<Database>,
  companyId: number,
  scope: LineScope,
  filter: SnapshotListQuery,
): Promise<ListResult<SnapshotRow>> {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 20;
  const query = scoped(db, companyId, scope)
    .$if(filter.car_id !== undefined, (q) => q.where('s.vehicle_id', '=', filter.car_id ?? 0))
    .$if(filter.start_time !== undefined, (q) => q.where('s.snap_time', '>=', filter.start_time ?? 0))
    .$if(filter.end_time !== undefined, (q) => q.where('s.snap_time', '<=', filter.end_time ?? 0));
  const counted = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (total === 0) return { total, rows: [] };
  const rows = await query
    .select([...COLUMNS])
    .orderBy('s.snap_time', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { total, rows: rows.map(rowOf) };
}

/** The JPEG bytes of one of the caller's snapshots; undefined when it is not theirs to see. */
export async function snapshotImage(
  db: Kysely<Database>,
  companyId: number,
  scope: LineScope,
  id: number,
): Promise<Uint8Array | undefined> {
  const row = await scoped(db, companyId, scope).select('s.image').where('s.id', '=', id).executeTakeFirst();
  return row?.image;
}

/**
 * The pictures a snapshot asked for, received since `since` (epoch seconds): by the media ids the terminal's
 * 0x0805 named, or — from terminals that name none — the device's newest pictures of that channel.
 */
export async function snapshotsFor(
  db: Kysely<Database>,
  request: { deviceId: number; mediaIds: readonly number[]; chn: number; since: number; count: number },
): Promise<SnapshotRow[]> {
  let query = commandDb(db)
    .selectFrom('snapshots as s')
    .select([...COLUMNS])
    .where('s.device_id', '=', request.deviceId)
    .where('s.received_at', '>=', request.since);
  query =
    request.mediaIds.length > 0
      ? query.where('s.media_id', 'in', [...request.mediaIds])
      : query.where('s.chn', '=', request.chn).limit(request.count);
  const rows = await query.orderBy('s.snap_time', 'desc').orderBy('s.id', 'desc').execute();
  return rows.map(rowOf);
}
