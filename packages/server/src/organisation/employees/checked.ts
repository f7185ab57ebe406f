import type { Kysely } from 'kysely';
import type { EmployeeBody } from '../../contract/index.ts';
import type { Database } from '../../store/schema.ts';
import { reference } from '../references.ts';
import { taken } from '../rules.ts';
import { employeeValues, type StoredSecrets } from './input.ts';
import { type EmployeeValues, employeeValueTaken, storedSecrets } from './queries.ts';

/**
 * A staff body checked as POST and PUT /basic/employees and each row of an import check it: the rules of
 * input.ts, references of the company, employee number and IC card unique in the company (1106). `id` is the
 * employee being updated, whose own values are not taken and whose masked secrets sent back are kept.
 */
export async function checkedEmployee(
  db: Kysely<Database>,
  companyId: number,
  body: EmployeeBody,
  now: number,
  id?: number,
): Promise<EmployeeValues> {
  const stored: StoredSecrets | undefined = id === undefined ? undefined : await storedSecrets(db, companyId, id);
  const refs = {
    organ_id: await reference(db, companyId, 'organisations', 'organ_id', body.organ_id),
    fleet_id: await reference(db, companyId, 'fleets', 'fleet_id', body.fleet_id),
    line_id: await reference(db, companyId, 'lines', 'route_id', body.route_id),
  };
  const out = employeeValues(body, refs, now, stored);
  if (await employeeValueTaken(db, companyId, 'emp_no', out.emp_no, id)) throw taken('emp_id', out.emp_no);
  if (out.ic_card && (await employeeValueTaken(db, companyId, 'ic_card', out.ic_card, id))) {
    throw taken('ic_card', out.ic_card);
  }
  return out;
}
