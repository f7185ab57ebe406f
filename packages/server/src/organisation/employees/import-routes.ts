import { EMPLOYEE_STATES, EMPLOYEE_TYPES, SEXES } from '@headway/spec';
import { sql } from 'kysely';
import { EmployeeBody, type EmployeeRow } from '../../contract/index.ts';
import { assertBody } from '../../imports/body-schema.ts';
import type { BodyColumn } from '../../imports/cells.ts';
import { byName } from '../../imports/references.ts';
import { importRoutes } from '../../imports/routes.ts';
import type { Services } from '../../services.ts';
import { organisationDb } from '../schema.ts';
import { checkedEmployee } from './checked.ts';
import { EMPLOYEE_HEADERS as H } from './columns.ts';
import { getEmployee, insertEmployee, updateEmployee } from './queries.ts';

// Staff from xlsx (docs/exports.md "Imports"): the export's columns, each row through the rules of POST
// /basic/employees. A row whose employee number is the company's updates that employee, keeping what the file has
// no column (or an empty time) for; the masked secrets of an export sent back keep the stored ones. Organisation,
// fleet and line are named by name (or code).

export function employeeImportRoutes(services: Pick<Services, 'db' | 'clock'>) {
  const { db } = services;
  const text = { type: 'text' } as const;
  const reference = (find: ReturnType<typeof byName>) => ({ type: 'reference', find }) as const;
  const columns: readonly BodyColumn[] = [
    { key: 'emp_id', header: H.emp_id, required: true, kind: text },
    { key: 'emp_name', header: H.emp_name, required: true, kind: text },
    { key: 'nick_name', header: H.nick_name, kind: text },
    { key: 'emp_type', header: H.emp_type, required: true, kind: { type: 'code', table: EMPLOYEE_TYPES } },
    { key: 'sex', header: H.sex, kind: { type: 'code', table: SEXES } },
    { key: 'birthday', header: H.birthday, kind: text },
    { key: 'phone', header: H.phone, kind: text },
    {
      key: 'organ_id',
      header: H.organ_id,
      nullable: true,
      kind: reference(byName(db, 'organisations', ['organ_name', 'organ_code'])),
    },
    { key: 'fleet_id', header: H.fleet_id, nullable: true, kind: reference(byName(db, 'fleets', ['fleet_name'])) },
    {
      key: 'route_id',
      header: H.route_id,
      nullable: true,
      kind: reference(byName(db, 'lines', ['route_name', 'route_code'])),
    },
    { key: 'id_number', header: H.id_number, kind: text },
    { key: 'licence_no', header: H.licence_no, kind: text },
    { key: 'licence_class', header: H.licence_class, kind: text },
    { key: 'licence_expiry', header: H.licence_expiry, kind: text },
    { key: 'certificate_no', header: H.certificate_no, kind: text },
    { key: 'ic_card', header: H.ic_card, kind: text },
    { key: 'state', header: H.state, kind: { type: 'code', table: EMPLOYEE_STATES } },
    { key: 'entry_time', header: H.entry_time, kind: { type: 'date' } },
    { key: 'quit_time', header: H.quit_time, kind: { type: 'date' } },
    { key: 'remark', header: H.remark, kind: text },
  ];

  /** The stored employee as the body PUT would take (null times left out: the body has no null for them). */
  const bodyOfRow = (row: EmployeeRow) => {
    const body: Record<string, unknown> = {};
    for (const key of Object.keys(EmployeeBody.properties)) {
      const value = row[key as keyof EmployeeRow];
      if (value !== null) body[key] = value;
    }
    return body;
  };

  return importRoutes(services, {
    path: '/basic/employees/import',
    access: { screen: 'BasicEmployee', need: 'import' },
    title: { en: 'Staff', zh: '员工', th: 'พนักงาน' },
    fileBase: 'staff-import',
    columns,
    unique: ['emp_id', 'ic_card'],
    async check(body, context) {
      const found = await organisationDb(db)
        .selectFrom('employees')
        .select('id')
        .where('company_id', '=', context.companyId)
        .where(
          sql<boolean>`lower(emp_no) = ${String(body.emp_id ?? '')
            .trim()
            .toLowerCase()}`,
        )
        .executeTakeFirst();
      const existing = found ? Number(found.id) : undefined;
      const current = existing === undefined ? undefined : await getEmployee(db, context.companyId, existing);
      const merged = current ? { ...bodyOfRow(current), ...body } : body;
      assertBody(EmployeeBody, merged);
      const values = await checkedEmployee(db, context.companyId, merged as EmployeeBody, context.now, existing);
      return { existing, values };
    },
    async write(trx, rows, context) {
      for (const { existing, values } of rows) {
        if (existing === undefined) await insertEmployee(trx, context.companyId, values, context.now);
        else await updateEmployee(trx, context.companyId, existing, values, context.now);
      }
    },
    // The info box names drivers from their card swipes through this table (routes.ts).
    announce: (context) => context.request.server.announceDirectoryChange?.(context.companyId),
  });
}
