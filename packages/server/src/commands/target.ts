import type { Kysely } from 'kysely';
import { lineScopeOf } from '../consoles/scope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';
import { commandDb } from './schema.ts';

/** A vehicle a command goes to, with its terminal. */
export interface CommandTarget {
  vehicleId: number;
  companyId: number;
  carName: string;
  imei: string;
  lineId: number | null;
  deviceId: number | null;
  /** The terminal's phone (the gateway's session key); '' when the vehicle has no device. */
  terminalPhone: string;
  protocolVersion: string;
  capabilities: number;
}

interface Caller {
  companyId: number;
  userId: number;
}

function targets(db: Kysely<Database>, companyId: number) {
  return commandDb(db)
    .selectFrom('vehicles as v')
    .leftJoin('devices as d', (j) => j.onRef('d.id', '=', 'v.device_id').onRef('d.company_id', '=', 'v.company_id'))
    .select([
      'v.id as vehicleId',
      'v.company_id as companyId',
      'v.car_name as carName',
      'v.imei as imei',
      'v.line_id as lineId',
      'v.device_id as deviceId',
      'd.terminal_phone as terminalPhone',
      'd.protocol_version as protocolVersion',
      'd.capabilities as capabilities',
    ])
    .where('v.company_id', '=', companyId);
}

type Row = {
  vehicleId: number;
  companyId: number;
  carName: string;
  imei: string;
  lineId: number | null;
  deviceId: number | null;
  terminalPhone: string | null;
  protocolVersion: string | null;
  capabilities: number | null;
};

function toTarget(row: Row): CommandTarget {
  return {
    ...row,
    terminalPhone: row.terminalPhone ?? '',
    protocolVersion: row.protocolVersion ?? '',
    capabilities: row.capabilities ?? 0,
  };
}

/**
 * The caller's vehicles among `carIds`, in the order asked: another company's vehicle, or one outside the caller's
 * consoles' lines, is not found (1008) — a user cannot command what they cannot see (docs/decisions.md "Consoles").
 */
export async function targetsByCarIds(
  db: Kysely<Database>,
  caller: Caller,
  carIds: readonly number[],
): Promise<CommandTarget[]> {
  const unique = [...new Set(carIds)];
  const rows = unique.length === 0 ? [] : await targets(db, caller.companyId).where('v.id', 'in', unique).execute();
  const scope = await lineScopeOf(db, caller.companyId, caller.userId);
  const visible = rows.filter((r) => scope === undefined || (r.lineId !== null && scope.has(r.lineId)));
  if (visible.length !== unique.length) throw new ApiError(ErrorCode.recordMissing, null, 'vehicle not found');
  const byId = new Map(visible.map((r) => [r.vehicleId, toTarget(r)]));
  return unique.map((id) => byId.get(id) as CommandTarget);
}

/** The caller's vehicle with this IMEI (the /jtt1078/* calls name vehicles by IMEI); 1008 when not theirs. */
export async function targetByImei(db: Kysely<Database>, caller: Caller, imei: string): Promise<CommandTarget> {
  const row = await targets(db, caller.companyId).where('v.imei', '=', imei).orderBy('v.id').executeTakeFirst();
  if (!row) throw new ApiError(ErrorCode.recordMissing, null, 'vehicle not found');
  const scope = await lineScopeOf(db, caller.companyId, caller.userId);
  if (scope !== undefined && (row.lineId === null || !scope.has(row.lineId))) {
    throw new ApiError(ErrorCode.recordMissing, null, 'vehicle not found');
  }
  return toTarget(row);
}

/** A vehicle without a terminal cannot be commanded: 1101, as for an offline one. */
export function phoneOf(target: CommandTarget): string {
  if (!target.terminalPhone) throw new ApiError(ErrorCode.processing, null, `${target.carName} has no terminal`);
  return target.terminalPhone;
}
