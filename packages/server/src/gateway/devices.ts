import { randomBytes } from 'node:crypto';
import type { Register } from '@headway/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { trackDb } from '../tracks/schema.ts';

// The devices registry as the gateway sees it: lookup by terminal phone, registration, auth code, presence.

export interface KnownDevice {
  id: number;
  companyId: number;
  terminalPhone: string;
  authCode: string;
  protocolVersion: string;
  /** The vehicle bound to this device (vehicles.device_id), if any. */
  vehicleId: number | null;
}

/** 0x8100 results (§2.3). */
export const RegisterResult = {
  ok: 0,
  vehicleRegistered: 1,
  vehicleUnknown: 2,
  terminalRegistered: 3,
  terminalUnknown: 4,
} as const;

/**
 * The phone as sent is BCD with leading zeros (12 digits in 2013, 20 in 2019); the registry may hold it as sent,
 * without the zeros, or in the 12-digit form an operator types from the SIM's card (`013800138000`) for a terminal
 * that speaks 2019 and so sends `00000000013800138000`.
 */
export function phoneKeys(phone: string): string[] {
  const stripped = phone.replace(/^0+/, '');
  return [...new Set([phone, stripped, stripped.padStart(12, '0'), stripped.padStart(20, '0')])];
}

export async function findDevice(db: Kysely<Database>, phone: string): Promise<KnownDevice | undefined> {
  const tdb = trackDb(db);
  const row = await tdb
    .selectFrom('devices')
    .leftJoin('vehicles', (j) =>
      j.onRef('vehicles.device_id', '=', 'devices.id').onRef('vehicles.company_id', '=', 'devices.company_id'),
    )
    .select([
      'devices.id as id',
      'devices.company_id as companyId',
      'devices.terminal_phone as terminalPhone',
      'devices.auth_code as authCode',
      'devices.protocol_version as protocolVersion',
      'vehicles.id as vehicleId',
    ])
    .where('devices.terminal_phone', 'in', phoneKeys(phone))
    .orderBy('vehicles.id')
    .executeTakeFirst();
  return row ? { ...row, vehicleId: row.vehicleId ?? null } : undefined;
}

/**
 * 0x0100: the terminal must be in the registry (else 4). When it names a plate that another terminal's vehicle
 * already carries, it is refused with 3 (the product's reading of "already registered by another terminal").
 * The auth code is kept across re-registrations so a terminal that lost its reply can still authenticate.
 */
export async function registerDevice(
  db: Kysely<Database>,
  phone: string,
  body: Register,
  version: string,
  now: number,
): Promise<{ result: number; authCode?: string; device?: KnownDevice }> {
  const device = await findDevice(db, phone);
  if (!device) return { result: RegisterResult.terminalUnknown };
  const tdb = trackDb(db);
  const plate = body.plate.trim();
  if (plate !== '') {
    const holder = await tdb
      .selectFrom('vehicles')
      .select(['id', 'device_id'])
      .where('company_id', '=', device.companyId)
      .where('lpn', '=', plate)
      .where('device_id', 'is not', null)
      .where('device_id', '!=', device.id)
      .executeTakeFirst();
    if (holder) return { result: RegisterResult.terminalRegistered };
  }
  const authCode = device.authCode || randomBytes(8).toString('hex');
  await tdb
    .updateTable('devices')
    .set({
      auth_code: authCode,
      plate,
      plate_color: body.plateColor,
      maker: body.maker.slice(0, 32),
      model: body.model.slice(0, 32),
      terminal_id: body.terminalId.slice(0, 32),
      protocol_version: version,
      registered_at: now,
    })
    .where('id', '=', device.id)
    .execute();
  return { result: RegisterResult.ok, authCode, device: { ...device, authCode, protocolVersion: version } };
}

/**
 * Online: the device is this node's (`gateway_node`). Offline: only while still this node's — a terminal that
 * reconnected to another node before this one noticed the old socket died stays online there.
 */
export async function setPresence(
  db: Kysely<Database>,
  deviceIds: readonly number[],
  online: boolean,
  now: number,
  nodeId: string,
): Promise<void> {
  if (deviceIds.length === 0) return;
  const update = trackDb(db)
    .updateTable('devices')
    .set({ online: online ? 1 : 0, last_seen_at: now, gateway_node: online ? nodeId : null })
    .where('id', 'in', deviceIds as number[]);
  await (online ? update : update.where('gateway_node', '=', nodeId)).execute();
}

/**
 * At start: a previous run may have died with terminals marked online; none are connected now. With other
 * gateway nodes on the database (`nodeId`), only this node's rows, plus rows online without a node (left by a
 * gateway older than migration 0007); alone (`nodeId` undefined), every row.
 */
export async function markNodeOffline(db: Kysely<Database>, nodeId: string | undefined): Promise<number> {
  const update = trackDb(db).updateTable('devices').set({ online: 0, gateway_node: null });
  const result = await (nodeId === undefined
    ? update.where((eb) => eb.or([eb('online', '=', 1), eb('gateway_node', 'is not', null)]))
    : update.where((eb) =>
        eb.or([eb('gateway_node', '=', nodeId), eb.and([eb('online', '=', 1), eb('gateway_node', 'is', null)])]),
      )
  ).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
