import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { codeRule, nameRule, phoneRule, remarkRule } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
import {
  OrganisationBody,
  OrganisationExportQuery,
  OrganisationListQuery,
  OrganisationValidatorQuery,
  UpdateOrganisationBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { reference } from '../references.ts';
import { access, bound, check, ruleError, taken, trimmed } from '../rules.ts';
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
  const { db } = services;

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

  const screen = basicScreenRoutes(services, {
    path: '/basic/organisations',
    access: { screen: SCREEN },
    get: ({ companyId }, id) => getOrganisation(db, companyId, id),
    list: {
      query: OrganisationListQuery,
      rows: ({ companyId }, filter, page) => listOrganisations(db, companyId, filter, page),
    },
    validator: {
      query: OrganisationValidatorQuery,
      check: async ({ companyId }, query) => {
        const name = trimmed(query.organ_name);
        if (await organisationNameTaken(db, companyId, name, query.id)) throw taken('organ_name', name);
      },
    },
    create: {
      body: OrganisationBody,
      insert: async ({ companyId, now }, body) => insertOrganisation(db, companyId, await values(companyId, body), now),
    },
    update: {
      body: UpdateOrganisationBody,
      id: (body) => body.id,
      save: async ({ companyId, now }, id, body) =>
        updateOrganisation(db, companyId, id, await values(companyId, body, id), now),
    },
    remove: {
      inUse: async ({ companyId }, organisation) => {
        const users = await organisationUsers(db, companyId, organisation.id);
        return users.organisations + users.fleets + users.employees > 0 ? bound(users) : undefined;
      },
      delete: ({ companyId }, id) => deleteOrganisation(db, companyId, id),
    },
    export: {
      query: OrganisationExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'organisations',
        title: { en: 'Organisations', zh: '组织机构', th: 'หน่วยงาน' },
        total: await countOrganisations(db, companyId, filter),
        rows: (upTo) => streamOf(allOrganisations(db, companyId, filter, upTo)),
        columns: [
          { header: { en: 'Organisation', zh: '机构名称', th: 'ชื่อหน่วยงาน' }, width: 24, value: (r) => r.organ_name },
          { header: { en: 'Code', zh: '机构编码', th: 'รหัส' }, width: 14, value: (r) => r.organ_code },
          { header: { en: 'Parent', zh: '上级机构', th: 'หน่วยงานแม่' }, width: 24, value: (r) => r.parent_name },
          { header: COMMON_HEADERS.leader, width: 14, value: (r) => r.leader },
          { header: COMMON_HEADERS.phone, width: 16, value: (r) => r.phone },
          { header: { en: 'Staff', zh: '员工数', th: 'จำนวนพนักงาน' }, width: 10, value: (r) => r.employee_count },
          { header: { en: 'Order', zh: '排序', th: 'ลำดับ' }, width: 8, value: (r) => r.sort_id },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
          { header: COMMON_HEADERS.created, width: 21, kind: 'time', value: (r) => r.created_at },
        ],
      }),
    },
  });

  return async (app) => {
    await app.register(screen);
    app.get('/basic/organisations/tree', { config: access(PICKERS, 'view') }, async (request) =>
      ok(await organisationTree(db, sessionOf(request).companyId)),
    );
  };
}
