import { IMEI_PATTERN, PROTOCOL_VERSIONS, SIM_PATTERN, TERMINAL_PHONE_PATTERN } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CreateDeviceBody } from '../contract/index.ts';
import { parameterError } from '../kernel/errors.ts';
import type { Database } from '../store/schema.ts';
import { conflictError } from './conflict.ts';
import { imeiTaken, phoneTaken } from './device-queries.ts';
import { ALL_CAPABILITIES } from './device-routes.ts';
import { codeOf, optionalCodeOf, remarkOf } from './input.ts';
import { fleetDb } from './schema.ts';

// A device body (POST and PUT /basic/devices, and each row of an import) checked against spec section 5 and turned
// into stored values: IMEI and terminal phone by pattern and unique in the deployment (1106), the type of the
// company's own.

export async function deviceValues(
  request: FastifyRequest,
  db: Kysely<Database>,
  companyId: number,
  body: CreateDeviceBody,
  except?: number,
) {
  const imei = codeOf('imei', body.imei, IMEI_PATTERN);
  const terminal_phone = codeOf('terminal_phone', body.terminal_phone, TERMINAL_PHONE_PATTERN);
  const protocol_version = body.protocol_version?.trim() || '2013';
  if (!(PROTOCOL_VERSIONS as readonly string[]).includes(protocol_version)) {
    throw parameterError('protocol_version', 'unknown edition');
  }
  const sim = optionalCodeOf('sim', body.sim, SIM_PATTERN);
  const remark = remarkOf(body.remark);
  let type: { id: number; type_name: string; capabilities: number } | undefined;
  if (body.device_type !== undefined && body.device_type !== null) {
    const row = await fleetDb(db)
      .selectFrom('device_types')
      .select(['id', 'type_name', 'capabilities'])
      .where('company_id', '=', companyId)
      .where('id', '=', body.device_type)
      .executeTakeFirst();
    if (!row) throw parameterError('device_type', 'no such device type');
    type = { id: Number(row.id), type_name: row.type_name, capabilities: Number(row.capabilities) };
  }
  if (await phoneTaken(db, terminal_phone, except)) throw conflictError(request, 'terminal_phone', terminal_phone);
  if (await imeiTaken(db, imei, except)) throw conflictError(request, 'imei', imei);
  return {
    imei,
    terminal_phone,
    protocol_version,
    device_type_id: type?.id ?? null,
    device_type: type?.type_name.slice(0, 16) ?? '',
    capabilities: type?.capabilities ?? ALL_CAPABILITIES,
    sim,
    remark,
  };
}
