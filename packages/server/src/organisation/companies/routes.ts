import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SALES_LEVELS } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../auth/access.ts';
import { hashPassword } from '../../auth/password.ts';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
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
import { accountTaken } from '../../users/queries.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { access, bound, labelOf, ruleError, taken, trimmed } from '../rules.ts';
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

  const screen = basicScreenRoutes(services, {
    path: '/basic/companies',
    access: { screen: SCREEN },
    get: ({ request }, id) => getCompany(db, scopeOf(request), id),
    list: {
      query: CompanyListQuery,
      rows: ({ request }, filter, page) => listCompanies(db, scopeOf(request), filter, page),
    },
    validator: {
      query: CompanyValidatorQuery,
      check: async (_context, query) => {
        const name = trimmed(query.name);
        if (await companyNameTaken(db, name, query.id)) throw taken('name', name);
      },
    },
    update: {
      body: UpdateCompanyBody,
      id: (body) => body.id,
      save: async ({ request, now }, id, body, current) => {
        const values = companyValues(body, current);
        // The platform's commercial terms are the system administrator's (1005 naming the term).
        if (scopeOf(request).only !== undefined && PLATFORM_TERMS.some((term) => values[term] !== current[term])) {
          throw new ApiError(ErrorCode.permission, { field: PLATFORM_TERMS.find((t) => values[t] !== current[t]) });
        }
        if (await companyNameTaken(db, values.name, id)) throw taken('name', values.name);
        await updateCompany(db, id, values, now);
      },
    },
    export: {
      query: CompanyExportQuery,
      table: async ({ request }, filter) => ({
        prefix: 'companies',
        title: { en: 'Companies', zh: '公司', th: 'บริษัท' },
        total: await countCompanies(db, scopeOf(request), filter),
        rows: (upTo) => streamOf(allCompanies(db, scopeOf(request), filter, upTo)),
        columns: [
          { header: { en: 'Company', zh: '公司名称', th: 'ชื่อบริษัท' }, width: 24, value: (r) => r.name },
          { header: { en: 'Title', zh: '系统标题', th: 'ชื่อที่แสดง' }, width: 24, value: (r) => r.title },
          { header: { en: 'Contact', zh: '联系人', th: 'ผู้ติดต่อ' }, width: 14, value: (r) => r.contact },
          { header: COMMON_HEADERS.phone, width: 16, value: (r) => r.phone },
          { header: { en: 'Address', zh: '地址', th: 'ที่อยู่' }, width: 30, value: (r) => r.address },
          {
            header: { en: 'Sales level', zh: '销售级别', th: 'ระดับบริการ' },
            width: 12,
            value: (r, l) => labelOf(SALES_LEVELS, r.sales_level, l),
          },
          { header: { en: 'Archive days', zh: '归档天数', th: 'วันเก็บข้อมูล' }, width: 12, value: (r) => r.archive_days },
          { header: { en: 'Peaks', zh: '高峰时段', th: 'ช่วงเวลาเร่งด่วน' }, width: 26, value: (r) => r.peaks },
          {
            header: { en: 'Authorised vehicles', zh: '授权车辆数', th: 'จำนวนรถที่อนุญาต' },
            width: 12,
            value: (r) => r.authorised_vehicles,
          },
          { header: { en: 'Vehicles', zh: '车辆数', th: 'จำนวนรถ' }, width: 10, value: (r) => r.vehicle_count },
          { header: { en: 'Users', zh: '用户数', th: 'จำนวนผู้ใช้' }, width: 10, value: (r) => r.user_count },
          {
            header: { en: 'Contract end', zh: '到期时间', th: 'สิ้นสุดสัญญา' },
            width: 21,
            kind: 'time',
            value: (r) => r.expire_time,
          },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
          { header: COMMON_HEADERS.created, width: 21, kind: 'time', value: (r) => r.created_at },
        ],
      }),
    },
  });

  return async (app) => {
    await app.register(screen);

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
  };
}
