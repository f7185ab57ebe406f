import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EMPLOYEE_STATES, EMPLOYEE_TYPES, nextEmployeeNumber, SEXES } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
import {
  EmployeeBody,
  EmployeeExportQuery,
  EmployeeListQuery,
  EmployeeValidatorQuery,
  type MaxEmployeeNumber,
  OptionQuery,
  UpdateEmployeeBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { lineOptions } from '../display-info/queries.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { reference } from '../references.ts';
import { access, bound, labelOf, ruleError, taken, trimmed } from '../rules.ts';
import { employeeValues, type StoredSecrets } from './input.ts';
import {
  allEmployees,
  countEmployees,
  deleteEmployee,
  type EmployeeValues,
  employeeDuties,
  employeeOptions,
  employeeValueTaken,
  getEmployee,
  insertEmployee,
  listEmployees,
  maxEmployeeNumber,
  storedSecrets,
  updateEmployee,
} from './queries.ts';

// /basic/employees (screen BasicEmployee, the console's "Staff"): list, POST, PUT, DELETE /{id}, get-max-empid,
// validator, export, options. Employee number and IC card are unique in the company (1106). Every write tells the
// ingest (announceDirectoryChange): the info box names drivers from their card swipes through this table.

const SCREEN = 'BasicEmployee';
const PICKERS = [SCREEN, 'BasicIcCard'] as const;

export function employeeRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function values(companyId: number, body: EmployeeBody, id?: number): Promise<EmployeeValues> {
    const stored: StoredSecrets | undefined = id === undefined ? undefined : await storedSecrets(db, companyId, id);
    const refs = {
      organ_id: await reference(db, companyId, 'organisations', 'organ_id', body.organ_id),
      fleet_id: await reference(db, companyId, 'fleets', 'fleet_id', body.fleet_id),
      line_id: await reference(db, companyId, 'lines', 'route_id', body.route_id),
    };
    const out = employeeValues(body, refs, epochSeconds(clock), stored);
    if (await employeeValueTaken(db, companyId, 'emp_no', out.emp_no, id)) throw taken('emp_id', out.emp_no);
    if (out.ic_card && (await employeeValueTaken(db, companyId, 'ic_card', out.ic_card, id))) {
      throw taken('ic_card', out.ic_card);
    }
    return out;
  }

  const screen = basicScreenRoutes(services, {
    path: '/basic/employees',
    access: { screen: SCREEN },
    get: ({ companyId }, id) => getEmployee(db, companyId, id),
    list: {
      query: EmployeeListQuery,
      rows: ({ companyId }, filter, page) => listEmployees(db, companyId, filter, page),
    },
    validator: {
      query: EmployeeValidatorQuery,
      check: async ({ companyId }, { emp_id, ic_card, id }) => {
        if (emp_id === undefined && ic_card === undefined) throw ruleError('emp_id', 'required');
        if (emp_id !== undefined && (await employeeValueTaken(db, companyId, 'emp_no', trimmed(emp_id), id))) {
          throw taken('emp_id', trimmed(emp_id));
        }
        if (ic_card !== undefined && (await employeeValueTaken(db, companyId, 'ic_card', trimmed(ic_card), id))) {
          throw taken('ic_card', trimmed(ic_card));
        }
      },
    },
    create: {
      body: EmployeeBody,
      insert: async ({ companyId, now }, body) => insertEmployee(db, companyId, await values(companyId, body), now),
    },
    update: {
      body: UpdateEmployeeBody,
      id: (body) => body.id,
      save: async ({ companyId, now }, id, body) =>
        updateEmployee(db, companyId, id, await values(companyId, body, id), now),
    },
    remove: {
      // A rostered employee stays (set them "quit" instead): the duty would silently lose its driver.
      inUse: async ({ companyId }, employee) => {
        const duties = await employeeDuties(db, companyId, employee.id);
        return duties > 0 ? bound({ duties }) : undefined;
      },
      delete: ({ companyId }, id) => deleteEmployee(db, companyId, id),
    },
    export: {
      query: EmployeeExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'staff',
        title: { en: 'Staff', zh: '员工', th: 'พนักงาน' },
        total: await countEmployees(db, companyId, filter),
        rows: (upTo) => streamOf(allEmployees(db, companyId, filter, upTo)),
        columns: [
          { header: { en: 'Employee no.', zh: '工号', th: 'รหัสพนักงาน' }, width: 14, value: (r) => r.emp_id },
          { header: { en: 'Name', zh: '姓名', th: 'ชื่อ' }, width: 18, value: (r) => r.emp_name },
          { header: { en: 'Nickname', zh: '昵称', th: 'ชื่อเล่น' }, width: 14, value: (r) => r.nick_name },
          {
            header: { en: 'Type', zh: '类型', th: 'ประเภท' },
            width: 12,
            value: (r, l) => labelOf(EMPLOYEE_TYPES, r.emp_type, l),
          },
          { header: { en: 'Sex', zh: '性别', th: 'เพศ' }, width: 10, value: (r, l) => labelOf(SEXES, r.sex, l) },
          { header: { en: 'Birthday', zh: '出生日期', th: 'วันเกิด' }, width: 12, value: (r) => r.birthday },
          { header: COMMON_HEADERS.phone, width: 16, value: (r) => r.phone },
          { header: { en: 'Organisation', zh: '所属机构', th: 'หน่วยงาน' }, width: 18, value: (r) => r.organ_name },
          { header: { en: 'Fleet', zh: '车队', th: 'กลุ่มรถ' }, width: 18, value: (r) => r.fleet_name },
          { header: { en: 'Line', zh: '线路', th: 'สายรถ' }, width: 14, value: (r) => r.route_name },
          { header: { en: 'ID number', zh: '身份证号', th: 'เลขบัตรประชาชน' }, width: 20, value: (r) => r.id_number },
          { header: { en: 'Licence no.', zh: '驾驶证号', th: 'เลขใบขับขี่' }, width: 20, value: (r) => r.licence_no },
          {
            header: { en: 'Licence class', zh: '准驾车型', th: 'ประเภทใบขับขี่' },
            width: 10,
            value: (r) => r.licence_class,
          },
          {
            header: { en: 'Licence expiry', zh: '驾驶证有效期', th: 'ใบขับขี่หมดอายุ' },
            width: 14,
            value: (r) => r.licence_expiry,
          },
          {
            header: { en: 'Qualification cert.', zh: '从业资格证号', th: 'เลขใบอนุญาตประกอบอาชีพ' },
            width: 20,
            value: (r) => r.certificate_no,
          },
          { header: { en: 'IC card', zh: 'IC卡号', th: 'บัตร IC' }, width: 14, value: (r) => r.ic_card },
          {
            header: COMMON_HEADERS.state,
            width: 10,
            value: (r, l) => labelOf(EMPLOYEE_STATES, r.state, l),
          },
          {
            header: { en: 'Entry', zh: '入职时间', th: 'วันเริ่มงาน' },
            width: 21,
            kind: 'time',
            value: (r) => r.entry_time,
          },
          { header: { en: 'Quit', zh: '离职时间', th: 'วันลาออก' }, width: 21, kind: 'time', value: (r) => r.quit_time },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
        ],
      }),
    },
    // The info box names drivers from their card swipes through this table: the ingest reloads it.
    changed: ({ request, companyId }) => request.server.announceDirectoryChange?.(companyId),
  });

  return async (app) => {
    await app.register(screen);

    app.get(
      '/basic/employees/options',
      { schema: { querystring: OptionQuery }, config: access(PICKERS, 'view') },
      async (request) => ok(await employeeOptions(db, sessionOf(request).companyId, request.query.search)),
    );

    // The staff form's line picker.
    app.get('/basic/employees/lines', { config: access(SCREEN, 'view') }, async (request) =>
      ok(await lineOptions(db, sessionOf(request).companyId)),
    );

    app.get('/basic/employees/get-max-empid', { config: access(SCREEN, 'view') }, async (request) => {
      const max = await maxEmployeeNumber(db, sessionOf(request).companyId);
      const answer: MaxEmployeeNumber = { max_emp_id: max, next_emp_id: nextEmployeeNumber(max) };
      return ok(answer);
    });
  };
}
