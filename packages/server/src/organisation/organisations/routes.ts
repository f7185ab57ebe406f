import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { codeRule, nameRule, phoneRule, remarkRule } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import {
  IdParams,
  OrganisationBody,
  OrganisationExportQuery,
  OrganisationListQuery,
  OrganisationValidatorQuery,
  UpdateOrganisationBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { reference } from '../references.ts';
import { access, bound, check, EXPORT_MAX_ROWS, ruleError, taken, trimmed } from '../rules.ts';
import { COMMON_HEADERS, exportWorkbook } from '../workbook.ts';
import {
  allOrganisations,
  countOrganisations,
  deleteOrganisation,
  getOrganisation,
  insertOrganisation,
  isSelfOrBelow,
  listOrganisations,
  type OrganisationValues,
  organisationNameTaken,
  organisationTree,
  organisationUsers,
  updateOrganisation,
} from './queries.ts';

// /basic/organisations (screen BasicOrganisation): list, tree, POST, PUT, DELETE /{id}, validator, export. Names
// are unique in the company; a parent may not be the organisation itself or below it; an organisation with
// sub-organisations, fleets or staff is not deleted (1004 rule 'bound').

const SCREEN = 'BasicOrganisation';
const PICKERS = [SCREEN, 'BasicFleet', 'BasicEmployee'] as const;

export function organisationRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function values(companyId: number, body: OrganisationBody, except?: number): Promise<OrganisationValues> {
    check('organ_name', nameRule(body.organ_name));
    if (trimmed(body.organ_code)) check('organ_code', codeRule(body.organ_code));
    check('leader', trimmed(body.leader).length > 64 ? 'tooLong' : null);
    check('phone', phoneRule(body.phone));
    check('remark', remarkRule(body.remark));
    const organ_name = trimmed(body.organ_name);
    if (await organisationNameTaken(db, companyId, organ_name, except)) throw taken('organ_name', organ_name);
    const parent_id = await reference(db, companyId, 'organisations', 'parent_id', body.parent_id);
    if (except !== undefined && parent_id !== null && (await isSelfOrBelow(db, companyId, except, parent_id))) {
      throw ruleError('parent_id', 'order');
    }
    return {
      organ_name,
      parent_id,
      organ_code: trimmed(body.organ_code),
      leader: trimmed(body.leader),
      phone: trimmed(body.phone),
      sort_id: body.sort_id ?? 0,
      remark: trimmed(body.remark),
    };
  }

  async function visible(companyId: number, id: number) {
    const found = await getOrganisation(db, companyId, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  return async (app) => {
    app.get(
      '/basic/organisations',
      { schema: { querystring: OrganisationListQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        return ok(await listOrganisations(db, sessionOf(request).companyId, filter, paging({ page, limit })));
      },
    );

    app.get('/basic/organisations/tree', { config: access(PICKERS, 'view') }, async (request) =>
      ok(await organisationTree(db, sessionOf(request).companyId)),
    );

    app.get(
      '/basic/organisations/validator',
      { schema: { querystring: OrganisationValidatorQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const name = trimmed(request.query.organ_name);
        if (await organisationNameTaken(db, sessionOf(request).companyId, name, request.query.id)) {
          throw taken('organ_name', name);
        }
        return ok(true);
      },
    );

    app.post(
      '/basic/organisations',
      { schema: { body: OrganisationBody }, config: access(SCREEN, 'add') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const id = await insertOrganisation(db, companyId, await values(companyId, request.body), epochSeconds(clock));
        return ok(await visible(companyId, id));
      },
    );

    app.put(
      '/basic/organisations',
      { schema: { body: UpdateOrganisationBody }, config: access(SCREEN, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.body;
        await visible(companyId, id);
        await updateOrganisation(db, companyId, id, await values(companyId, request.body, id), epochSeconds(clock));
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/organisations/:id',
      { schema: { params: IdParams }, config: access(SCREEN, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.params;
        await visible(companyId, id);
        const users = await organisationUsers(db, companyId, id);
        if (users.organisations + users.fleets + users.employees > 0) throw bound(users);
        await deleteOrganisation(db, companyId, id);
        return ok(null);
      },
    );

    app.get(
      '/basic/organisations/export',
      { schema: { querystring: OrganisationExportQuery }, config: access(SCREEN, 'export') },
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
          prefix: 'organisations',
          sheet: { en: 'Organisations', zh: '组织机构', th: 'หน่วยงาน' },
          total: await countOrganisations(db, companyId, filter),
          rows: () => allOrganisations(db, companyId, filter, EXPORT_MAX_ROWS),
          columns: [
            { header: { en: 'Organisation', zh: '机构名称', th: 'ชื่อหน่วยงาน' }, width: 24, cell: (r) => r.organ_name },
            { header: { en: 'Code', zh: '机构编码', th: 'รหัส' }, width: 14, cell: (r) => r.organ_code },
            { header: { en: 'Parent', zh: '上级机构', th: 'หน่วยงานแม่' }, width: 24, cell: (r) => r.parent_name },
            { header: COMMON_HEADERS.leader, width: 14, cell: (r) => r.leader },
            { header: COMMON_HEADERS.phone, width: 16, cell: (r) => r.phone },
            { header: { en: 'Staff', zh: '员工数', th: 'จำนวนพนักงาน' }, width: 10, cell: (r) => r.employee_count },
            { header: { en: 'Order', zh: '排序', th: 'ลำดับ' }, width: 8, cell: (r) => r.sort_id },
            { header: COMMON_HEADERS.remark, width: 30, cell: (r) => r.remark },
            { header: COMMON_HEADERS.created, width: 21, time: true, cell: (r) => r.created_at },
          ],
        });
      },
    );
  };
}
