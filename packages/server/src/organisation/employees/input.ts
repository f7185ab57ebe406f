import {
  codeRule,
  dateRule,
  EMPLOYEE_STATES,
  EMPLOYEE_TYPES,
  EmployeeStateCode,
  isMaskOf,
  LICENCE_CLASSES,
  nameRule,
  phoneRule,
  remarkRule,
  SEXES,
} from '@headway/spec';
import type { EmployeeBody } from '../../contract/index.ts';
import { check, known, ruleError, trimmed } from '../rules.ts';
import type { EmployeeValues } from './queries.ts';

// An employee body checked against spec section 5 and the staff rules of docs/basic-data-org.md, and turned into
// stored values. References (organisation, fleet, line) are checked by the route against the company.

/** Drivers carry their licence: number and class are required for emp_type 1. */
const DRIVER = 1;

export interface StoredSecrets {
  id_number: string;
  licence_no: string;
  certificate_no: string;
  state: number;
  quit_time: number | null;
}

/** A sensitive value: the masked form sent back keeps the stored one; anything else is checked as a code. */
function secret(field: string, sent: string | undefined, stored: string | undefined): string {
  const value = trimmed(sent);
  if (stored !== undefined && value && isMaskOf(value, stored)) return stored;
  if (value) check(field, codeRule(value));
  return value;
}

export function employeeValues(
  body: EmployeeBody,
  refs: { organ_id: number | null; fleet_id: number | null; line_id: number | null },
  now: number,
  stored?: StoredSecrets,
): EmployeeValues {
  check('emp_id', codeRule(body.emp_id));
  check('emp_name', nameRule(body.emp_name));
  check('nick_name', trimmed(body.nick_name).length > 64 ? 'tooLong' : null);
  check('phone', phoneRule(body.phone));
  check('birthday', dateRule(body.birthday));
  check('licence_expiry', dateRule(body.licence_expiry));
  check('remark', remarkRule(body.remark));
  if (trimmed(body.ic_card)) check('ic_card', codeRule(body.ic_card));
  const emp_type = known('emp_type', body.emp_type, EMPLOYEE_TYPES);
  const state = known('state', body.state ?? EmployeeStateCode.onJob, EMPLOYEE_STATES);
  const sex = known('sex', body.sex ?? 0, SEXES);
  const licence_class = trimmed(body.licence_class).toUpperCase();
  if (licence_class && !(LICENCE_CLASSES as readonly string[]).includes(licence_class)) {
    throw ruleError('licence_class', 'unknown');
  }
  const licence_no = secret('licence_no', body.licence_no, stored?.licence_no);
  if (emp_type === DRIVER) {
    if (!licence_no) throw ruleError('licence_no', 'required');
    if (!licence_class) throw ruleError('licence_class', 'required');
  }
  const entry_time = body.entry_time ?? null;
  // Quitting records when: the time given, else the one already stored, else now. Back on the job clears it.
  let quit_time: number | null = null;
  if (state === EmployeeStateCode.quit) quit_time = body.quit_time ?? stored?.quit_time ?? now;
  if (entry_time !== null && quit_time !== null && quit_time < entry_time) throw ruleError('quit_time', 'order');
  return {
    emp_no: trimmed(body.emp_id),
    emp_name: trimmed(body.emp_name),
    nick_name: trimmed(body.nick_name),
    emp_type,
    phone: trimmed(body.phone),
    ...refs,
    birthday: trimmed(body.birthday),
    sex,
    id_number: secret('id_number', body.id_number, stored?.id_number),
    licence_no,
    licence_class,
    licence_expiry: trimmed(body.licence_expiry),
    certificate_no: secret('certificate_no', body.certificate_no, stored?.certificate_no),
    ic_card: trimmed(body.ic_card),
    state,
    entry_time,
    quit_time,
    remark: trimmed(body.remark),
  };
}
