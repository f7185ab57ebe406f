import type { Dayjs } from 'dayjs';
import type { EmployeeBody } from '../../organisation/api';

/** The staff form's values: dates as pickers' days. */
export interface EmployeeValues {
  emp_id: string;
  emp_name: string;
  nick_name?: string;
  emp_type: number;
  sex?: number;
  birthday?: Dayjs;
  phone?: string;
  id_number?: string;
  organ_id?: number;
  fleet_id?: number;
  route_id?: number;
  ic_card?: string;
  licence_no?: string;
  licence_class?: string;
  licence_expiry?: Dayjs;
  certificate_no?: string;
  state: number;
  entry_time?: Dayjs;
  quit_time?: Dayjs;
  remark?: string;
}

/** The form's values as the API's body: days as YYYY-MM-DD, entry and quit as epoch seconds, absent as null/''. */
export function employeeBody(v: EmployeeValues): EmployeeBody {
  const text = (s: string | undefined) => (s ?? '').trim();
  return {
    emp_id: text(v.emp_id),
    emp_name: text(v.emp_name),
    nick_name: text(v.nick_name),
    emp_type: v.emp_type,
    sex: v.sex ?? 0,
    birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : '',
    phone: text(v.phone),
    id_number: text(v.id_number),
    organ_id: v.organ_id ?? null,
    fleet_id: v.fleet_id ?? null,
    route_id: v.route_id ?? null,
    ic_card: text(v.ic_card),
    licence_no: text(v.licence_no),
    licence_class: v.licence_class ?? '',
    licence_expiry: v.licence_expiry ? v.licence_expiry.format('YYYY-MM-DD') : '',
    certificate_no: text(v.certificate_no),
    state: v.state,
    entry_time: v.entry_time ? v.entry_time.startOf('day').unix() : null,
    quit_time: v.quit_time ? v.quit_time.startOf('day').unix() : null,
    remark: text(v.remark),
  };
}
