import { EMPLOYEE_STATES, EMPLOYEE_TYPES, type Label, SEXES } from '@headway/spec';
import type { ListColumn } from '../../basic-data/list-export.ts';
import type { EmployeeRow } from '../../contract/index.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { labelOf } from '../rules.ts';

// The staff sheet's headers by body field: the export writes them and the import reads them back (an exported file
// imports as it is).

export const EMPLOYEE_HEADERS = {
  emp_id: { en: 'Employee no.', zh: '工号', th: 'รหัสพนักงาน' },
  emp_name: { en: 'Name', zh: '姓名', th: 'ชื่อ' },
  nick_name: { en: 'Nickname', zh: '昵称', th: 'ชื่อเล่น' },
  emp_type: { en: 'Type', zh: '类型', th: 'ประเภท' },
  sex: { en: 'Sex', zh: '性别', th: 'เพศ' },
  birthday: { en: 'Birthday', zh: '出生日期', th: 'วันเกิด' },
  phone: COMMON_HEADERS.phone,
  organ_id: { en: 'Organisation', zh: '所属机构', th: 'หน่วยงาน' },
  fleet_id: { en: 'Fleet', zh: '车队', th: 'กลุ่มรถ' },
  route_id: { en: 'Line', zh: '线路', th: 'สายรถ' },
  id_number: { en: 'ID number', zh: '身份证号', th: 'เลขบัตรประชาชน' },
  licence_no: { en: 'Licence no.', zh: '驾驶证号', th: 'เลขใบขับขี่' },
  licence_class: { en: 'Licence class', zh: '准驾车型', th: 'ประเภทใบขับขี่' },
  licence_expiry: { en: 'Licence expiry', zh: '驾驶证有效期', th: 'ใบขับขี่หมดอายุ' },
  certificate_no: { en: 'Qualification cert.', zh: '从业资格证号', th: 'เลขใบอนุญาตประกอบอาชีพ' },
  ic_card: { en: 'IC card', zh: 'IC卡号', th: 'บัตร IC' },
  state: COMMON_HEADERS.state,
  entry_time: { en: 'Entry', zh: '入职时间', th: 'วันเริ่มงาน' },
  quit_time: { en: 'Quit', zh: '离职时间', th: 'วันลาออก' },
  remark: COMMON_HEADERS.remark,
} as const satisfies Record<string, Label>;

const H = EMPLOYEE_HEADERS;

export const EMPLOYEE_COLUMNS: ListColumn<EmployeeRow>[] = [
  { header: H.emp_id, width: 14, value: (r) => r.emp_id },
  { header: H.emp_name, width: 18, value: (r) => r.emp_name },
  { header: H.nick_name, width: 14, value: (r) => r.nick_name },
  { header: H.emp_type, width: 12, value: (r, l) => labelOf(EMPLOYEE_TYPES, r.emp_type, l) },
  { header: H.sex, width: 10, value: (r, l) => labelOf(SEXES, r.sex, l) },
  { header: H.birthday, width: 12, value: (r) => r.birthday },
  { header: H.phone, width: 16, value: (r) => r.phone },
  { header: H.organ_id, width: 18, value: (r) => r.organ_name },
  { header: H.fleet_id, width: 18, value: (r) => r.fleet_name },
  { header: H.route_id, width: 14, value: (r) => r.route_name },
  { header: H.id_number, width: 20, value: (r) => r.id_number },
  { header: H.licence_no, width: 20, value: (r) => r.licence_no },
  { header: H.licence_class, width: 10, value: (r) => r.licence_class },
  { header: H.licence_expiry, width: 14, value: (r) => r.licence_expiry },
  { header: H.certificate_no, width: 20, value: (r) => r.certificate_no },
  { header: H.ic_card, width: 14, value: (r) => r.ic_card },
  { header: H.state, width: 10, value: (r, l) => labelOf(EMPLOYEE_STATES, r.state, l) },
  { header: H.entry_time, width: 21, kind: 'time', value: (r) => r.entry_time },
  { header: H.quit_time, width: 21, kind: 'time', value: (r) => r.quit_time },
  { header: H.remark, width: 30, value: (r) => r.remark },
];
