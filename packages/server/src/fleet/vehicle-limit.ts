import { fillTemplate, labelIn, VEHICLE_LIMIT_TEXT } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import { pickLanguage } from '../kernel/language.ts';
import { organisationDb } from '../organisation/schema.ts';
import type { Database } from '../store/schema.ts';

// The company's authorised vehicle count (companies.authorised_vehicles, set by the platform operator; 0 = no
// limit): adding vehicles beyond it answers 1113 "equipment quantity limit exceeded", the spec's code for it, with
// the authorised count, the vehicles the company has and a sentence in the caller's language.

export interface VehicleLimitDetail {
  field: 'authorised_vehicles';
  authorised: number;
  vehicles: number;
  message: string;
}

/** Refuses (1113) when `adding` more vehicles would take the company past its authorised count. */
export async function assertVehicleRoom(
  request: FastifyRequest,
  db: Kysely<Database>,
  companyId: number,
  adding = 1,
): Promise<void> {
  const odb = organisationDb(db);
  const company = await odb
    .selectFrom('companies')
    .select('authorised_vehicles')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const authorised = Number(company.authorised_vehicles);
  if (authorised <= 0) return;
  const counted = await odb
    .selectFrom('vehicles')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const vehicles = Number(counted.n);
  if (vehicles + adding <= authorised) return;
  const language = pickLanguage(request.headers['accept-language']);
  const detail: VehicleLimitDetail = {
    field: 'authorised_vehicles',
    authorised,
    vehicles,
    message: fillTemplate(labelIn(VEHICLE_LIMIT_TEXT, language), authorised),
  };
  throw new ApiError(ErrorCode.equipmentLimit, detail, `company ${companyId} at its ${authorised} vehicles`);
}
