import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nextEmployeeNumber } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../auth/access.ts';
import {
  EmployeeBody,
  EmployeeExportQuery,
  EmployeeListQuery,
  EmployeeValidatorQuery,
  IdParams,
  type MaxEmployeeNumber,
  OptionQuery,
  UpdateEmployeeBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { lineOptions } from '../display-info/queries.ts';
import { access, bound, EXPORT_MAX_ROWS, ruleError, taken, trimmed } from '../rules.ts';
import { exportWorkbook } from '../workbook.ts';
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

  async function visible(companyId: number, id: number) {
    const found = await getEmployee(db, companyId, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  const announce = (request: FastifyRequest, companyId: number) => request.server.announceDirectoryChange?.(companyId);

  return async (app) => {
    app.get(
      '/basic/employees',
      { schema: { querystring: EmployeeListQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        return ok(await listEmployees(db, sessionOf(request).companyId, filter, paging({ page, limit })));
      },
    );

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

    app.get(
      '/basic/employees/validator',
      { schema: { querystring: EmployeeValidatorQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { emp_id, ic_card, id } = request.query;
        if (emp_id === undefined && ic_card === undefined) throw ruleError('emp_id', 'required');
        if (emp_id !== undefined && (await employeeValueTaken(db, companyId, 'emp_no', trimmed(emp_id), id))) {
          throw taken('emp_id', trimmed(emp_id));
        }
        if (ic_card !== undefined && (await employeeValueTaken(db, companyId, 'ic_card', trimmed(ic_card), id))) {
          throw taken('ic_card', trimmed(ic_card));
        }
        return ok(true);
      },
    );

    app.post('/basic/employees', { schema: { body: EmployeeBody }, config: access(SCREEN, 'add') }, async (request) => {
      const { companyId } = sessionOf(request);
      const id = await insertEmployee(db, companyId, await values(companyId, request.body), epochSeconds(clock));
      announce(request, companyId);
      return ok(await visible(companyId, id));
    });

    app.put(
      '/basic/employees',
      { schema: { body: UpdateEmployeeBody }, config: access(SCREEN, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.body;
        await visible(companyId, id);
        await updateEmployee(db, companyId, id, await values(companyId, request.body, id), epochSeconds(clock));
        announce(request, companyId);
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/employees/:id',
      { schema: { params: IdParams }, config: access(SCREEN, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.params;
        await visible(companyId, id);
        // A rostered employee stays (set them "quit" instead): the duty would silently lose its driver.
        const duties = await employeeDuties(db, companyId, id);
        if (duties > 0) throw bound({ duties });
        await deleteEmployee(db, companyId, id);
        announce(request, companyId);
        return ok(null);
      },
    );

    app.get(
      '/basic/employees/export',
      { schema: { querystring: EmployeeExportQuery }, config: access(SCREEN, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        return exportWorkbook({
          request,
          reply,
          db,
          companyId,
          now: epochSeconds(clock),
          timeZone: time_zone,
          prefix: 'staff',
          sheet: { en: 'Staff', zh: '员工', th: 'พนักงาน' },
          total: await countEmployees(db, companyId, filter),
          rows: () => allEmployees(db, companyId, filter, EXPORT_MAX_ROWS),
          columns: EMPLOYEE_COLUMNS,
        });
      },
    );
  };
}
