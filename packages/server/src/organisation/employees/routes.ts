import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nextEmployeeNumber } from '@headway/spec';
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
import { access, bound, ruleError, taken, trimmed } from '../rules.ts';
import { checkedEmployee } from './checked.ts';
import { EMPLOYEE_COLUMNS } from './columns.ts';
import {
  allEmployees,
  countEmployees,
  deleteEmployee,
  employeeDuties,
  employeeOptions,
  employeeValueTaken,
  getEmployee,
  insertEmployee,
  listEmployees,
  maxEmployeeNumber,
  updateEmployee,
} from './queries.ts';

// /basic/employees (screen BasicEmployee, the console's "Staff"): list, POST, PUT, DELETE /{id}, get-max-empid,
// validator, export, options. Employee number and IC card are unique in the company (1106). Every write tells the
// ingest (announceDirectoryChange): the info box names drivers from their card swipes through this table.

const SCREEN = 'BasicEmployee';
const PICKERS = [SCREEN, 'BasicIcCard'] as const;

export function employeeRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  const values = (companyId: number, body: EmployeeBody, id?: number) =>
    checkedEmployee(db, companyId, body, epochSeconds(clock), id);

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
        columns: EMPLOYEE_COLUMNS,
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
