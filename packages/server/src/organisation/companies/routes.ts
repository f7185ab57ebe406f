import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SALES_LEVELS } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../auth/access.ts';
import { hashPassword } from '../../auth/password.ts';
import {
  CompanyExportQuery,
  CompanyListQuery,
  CompanyValidatorQuery,
  CreateCompanyBody,
  IdParams,
  UpdateCompanyBody,
} from '../../contract/index.ts';
import { ensureSharedRoles } from '../../demo/seed.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { accountTaken } from '../../users/queries.ts';
import { access, bound, EXPORT_MAX_ROWS, labelOf, ruleError, taken, trimmed } from '../rules.ts';
import { COMMON_HEADERS, exportWorkbook } from '../workbook.ts';
import { companyValues, PLATFORM_TERMS } from './input.ts';
import {
  allCompanies,
  type CompanyScope,
  companyNameTaken,
  countCompanies,
  deleteCompany,
  getCompany,
  insertCompany,
  listCompanies,
  updateCompany,
} from './queries.ts';

// /basic/companies (screen BasicCompany): list, POST, PUT, DELETE /{id}, validator, export. A system administrator
// (@System) manages every company: adds one (with its first administrator), edits any, deletes one that has no
// vehicles left. Anyone else with the screen sees and edits their own company only — another company's id is 1008 —
// and may not change the platform's terms (sales level, authorised vehicles, contract end: 1005).

const SCREEN = 'BasicCompany';
const isSystem = (request: FastifyRequest) => sessionOf(request).roleFlag === '@System';
const scopeOf = (request: FastifyRequest): CompanyScope => ({
  only: isSystem(request) ? undefined : sessionOf(request).companyId,
});

export function companyAdminRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function visible(scope: CompanyScope, id: number) {
    const found = await getCompany(db, scope, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  function systemOnly(request: FastifyRequest): void {
    if (!isSystem(request)) {
      throw new ApiError(ErrorCode.permission, null, `${sessionOf(request).account} is not a system administrator`);
    }
  }

  return async (app) => {
    app.get(
      '/basic/companies',
      { schema: { querystring: CompanyListQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        return ok(await listCompanies(db, scopeOf(request), filter, paging({ page, limit })));
      },
    );

    app.get(
      '/basic/companies/validator',
      { schema: { querystring: CompanyValidatorQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const name = trimmed(request.query.name);
        if (await companyNameTaken(db, name, request.query.id)) throw taken('name', name);
        return ok(true);
      },
    );

    app.post(
      '/basic/companies',
      { schema: { body: CreateCompanyBody }, config: access(SCREEN, 'add') },
      async (request) => {
        systemOnly(request);
        const body = request.body;
        const values = companyValues(body);
        if (await companyNameTaken(db, values.name)) throw taken('name', values.name);
        const account = trimmed(body.admin_account);
        if ((account === '') !== (body.admin_password === undefined)) {
          throw ruleError(account ? 'admin_password' : 'admin_account', 'required');
        }
        if (account && (await accountTaken(db, account))) throw taken('admin_account', account);
        const now = epochSeconds(clock);
        const { adminRoleId } = await ensureSharedRoles(db, clock);
        const password = body.admin_password ? await hashPassword(body.admin_password) : undefined;
        const id = await db.transaction().execute(async (trx) => {
          const companyId = await insertCompany(trx, values, now);
          if (account && password) {
            await trx
              .insertInto('users')
              .values({
                company_id: companyId,
                account,
                account_key: account.toLowerCase(),
                user_name: account,
                email: '',
                remark: '',
                img_url: '',
                role_id: adminRoleId,
                state: 0,
                password_hash: password.hash,
                password_salt: password.salt,
                user_config: '{}',
                created_at: now,
              })
              .execute();
          }
          return companyId;
        });
        return ok(await visible(scopeOf(request), id));
      },
    );

    app.put(
      '/basic/companies',
      { schema: { body: UpdateCompanyBody }, config: access(SCREEN, 'edit') },
      async (request) => {
        const scope = scopeOf(request);
        const { id } = request.body;
        const current = await visible(scope, id);
        const values = companyValues(request.body, current);
        if (scope.only !== undefined && PLATFORM_TERMS.some((term) => values[term] !== current[term])) {
          throw new ApiError(ErrorCode.permission, { field: PLATFORM_TERMS.find((t) => values[t] !== current[t]) });
        }
        if (await companyNameTaken(db, values.name, id)) throw taken('name', values.name);
        await updateCompany(db, id, values, epochSeconds(clock));
        return ok(await visible(scope, id));
      },
    );

    app.delete(
      '/basic/companies/:id',
      { schema: { params: IdParams }, config: access(SCREEN, 'delete') },
      async (request) => {
        systemOnly(request);
        const { id } = request.params;
        const company = await visible(scopeOf(request), id);
        if (id === sessionOf(request).companyId) throw ruleError('id', 'self');
        // Its fleet goes first: deleting a company deletes all its data, so one still running buses is refused.
        if (company.vehicle_count > 0) throw bound({ vehicles: company.vehicle_count });
        await deleteCompany(db, id);
        return ok(null);
      },
    );

    app.get(
      '/basic/companies/export',
      { schema: { querystring: CompanyExportQuery }, config: access(SCREEN, 'export') },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { time_zone, ...filter } = request.query;
        const scope = scopeOf(request);
        return exportWorkbook({
          request,
          reply,
          db,
          companyId,
          now: epochSeconds(clock),
          timeZone: time_zone,
          prefix: 'companies',
          sheet: { en: 'Companies', zh: '公司', th: 'บริษัท' },
          total: await countCompanies(db, scope, filter),
          rows: () => allCompanies(db, scope, filter, EXPORT_MAX_ROWS),
          columns: [
            { header: { en: 'Company', zh: '公司名称', th: 'ชื่อบริษัท' }, width: 24, cell: (r) => r.name },
            { header: { en: 'Title', zh: '系统标题', th: 'ชื่อที่แสดง' }, width: 24, cell: (r) => r.title },
            { header: { en: 'Contact', zh: '联系人', th: 'ผู้ติดต่อ' }, width: 14, cell: (r) => r.contact },
            { header: COMMON_HEADERS.phone, width: 16, cell: (r) => r.phone },
            { header: { en: 'Address', zh: '地址', th: 'ที่อยู่' }, width: 30, cell: (r) => r.address },
            {
              header: { en: 'Sales level', zh: '销售级别', th: 'ระดับบริการ' },
              width: 12,
              cell: (r, l) => labelOf(SALES_LEVELS, r.sales_level, l),
            },
            { header: { en: 'Archive days', zh: '归档天数', th: 'วันเก็บข้อมูล' }, width: 12, cell: (r) => r.archive_days },
            { header: { en: 'Peaks', zh: '高峰时段', th: 'ช่วงเวลาเร่งด่วน' }, width: 26, cell: (r) => r.peaks },
            {
              header: { en: 'Authorised vehicles', zh: '授权车辆数', th: 'จำนวนรถที่อนุญาต' },
              width: 12,
              cell: (r) => r.authorised_vehicles,
            },
            { header: { en: 'Vehicles', zh: '车辆数', th: 'จำนวนรถ' }, width: 10, cell: (r) => r.vehicle_count },
            { header: { en: 'Users', zh: '用户数', th: 'จำนวนผู้ใช้' }, width: 10, cell: (r) => r.user_count },
            {
              header: { en: 'Contract end', zh: '到期时间', th: 'สิ้นสุดสัญญา' },
              width: 21,
              time: true,
              cell: (r) => r.expire_time,
            },
            { header: COMMON_HEADERS.remark, width: 30, cell: (r) => r.remark },
            { header: COMMON_HEADERS.created, width: 21, time: true, cell: (r) => r.created_at },
          ],
        });
      },
    );
  };
}
