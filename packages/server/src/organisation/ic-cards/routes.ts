import { CARD_STATES, CARD_TYPES, codeRule, nameRule, phoneRule, remarkRule, SYSTEM_CARD_TYPE } from '@headway/spec';
import type { FastifyPluginAsync } from 'fastify';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
import {
  IcCardBody,
  IcCardExportQuery,
  IcCardListQuery,
  IcCardValidatorQuery,
  UpdateIcCardBody,
} from '../../contract/index.ts';
import type { Services } from '../../services.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { reference } from '../references.ts';
import { check, known, labelOf, ruleError, taken, trimmed } from '../rules.ts';
import {
  allIcCards,
  cardNumberTaken,
  countIcCards,
  deleteIcCard,
  employeeName,
  getIcCard,
  type IcCardValues,
  insertIcCard,
  listIcCards,
  updateIcCard,
} from './queries.ts';

// /basic/ic-cards (screen BasicIcCard): list, POST, PUT, DELETE /{id}, validator, export. Card numbers are unique in
// the company (1106). Only a system card (a staff card: driver identity, sign-in) names an employee; its holder
// defaults to that employee's name. A passenger card's holder name is optional.

const SCREEN = 'BasicIcCard';

export function icCardRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsync {
  const { db } = services;

  async function values(companyId: number, body: IcCardBody, except?: number): Promise<IcCardValues> {
    check('card_no', codeRule(body.card_no));
    if (trimmed(body.holder_name)) check('holder_name', nameRule(body.holder_name));
    check('phone', phoneRule(body.phone));
    check('remark', remarkRule(body.remark));
    const card_type = known('card_type', body.card_type, CARD_TYPES);
    const state = known('state', body.state ?? 0, CARD_STATES);
    const employee_id = await reference(db, companyId, 'employees', 'employee_id', body.employee_id);
    if (employee_id !== null && card_type !== SYSTEM_CARD_TYPE) throw ruleError('employee_id', 'notSystem');
    const issue_time = body.issue_time ?? null;
    const expire_time = body.expire_time ?? null;
    if (issue_time !== null && expire_time !== null && expire_time < issue_time)
      throw ruleError('expire_time', 'order');
    const card_no = trimmed(body.card_no);
    if (await cardNumberTaken(db, companyId, card_no, except)) throw taken('card_no', card_no);
    const holder = trimmed(body.holder_name);
    return {
      card_no,
      card_type,
      holder_name: holder || (employee_id !== null ? await employeeName(db, companyId, employee_id) : ''),
      phone: trimmed(body.phone),
      employee_id,
      state,
      issue_time,
      expire_time,
      remark: trimmed(body.remark),
    };
  }

  return basicScreenRoutes(services, {
    path: '/basic/ic-cards',
    access: { screen: SCREEN },
    get: ({ companyId }, id) => getIcCard(db, companyId, id),
    list: {
      query: IcCardListQuery,
      rows: ({ companyId }, filter, page) => listIcCards(db, companyId, filter, page),
    },
    validator: {
      query: IcCardValidatorQuery,
      check: async ({ companyId }, query) => {
        const cardNo = trimmed(query.card_no);
        if (await cardNumberTaken(db, companyId, cardNo, query.id)) throw taken('card_no', cardNo);
      },
    },
    create: {
      body: IcCardBody,
      insert: async ({ companyId, now }, body) => insertIcCard(db, companyId, await values(companyId, body), now),
    },
    update: {
      body: UpdateIcCardBody,
      id: (body) => body.id,
      save: async ({ companyId, now }, id, body) =>
        updateIcCard(db, companyId, id, await values(companyId, body, id), now),
    },
    remove: { delete: ({ companyId }, id) => deleteIcCard(db, companyId, id) },
    export: {
      query: IcCardExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'ic-cards',
        title: { en: 'IC cards', zh: 'IC卡', th: 'บัตร IC' },
        total: await countIcCards(db, companyId, filter),
        rows: (upTo) => streamOf(allIcCards(db, companyId, filter, upTo)),
        columns: [
          { header: { en: 'Card no.', zh: '卡号', th: 'หมายเลขบัตร' }, width: 16, value: (r) => r.card_no },
          {
            header: { en: 'Card type', zh: '卡类型', th: 'ประเภทบัตร' },
            width: 12,
            value: (r, l) => labelOf(CARD_TYPES, r.card_type, l),
          },
          { header: { en: 'Holder', zh: '持卡人', th: 'ผู้ถือบัตร' }, width: 18, value: (r) => r.holder_name },
          { header: COMMON_HEADERS.phone, width: 16, value: (r) => r.phone },
          { header: { en: 'Employee no.', zh: '工号', th: 'รหัสพนักงาน' }, width: 14, value: (r) => r.emp_id },
          { header: COMMON_HEADERS.state, width: 12, value: (r, l) => labelOf(CARD_STATES, r.state, l) },
          {
            header: { en: 'Issued', zh: '发卡时间', th: 'วันออกบัตร' },
            width: 21,
            kind: 'time',
            value: (r) => r.issue_time,
          },
          {
            header: { en: 'Expires', zh: '有效期至', th: 'วันหมดอายุ' },
            width: 21,
            kind: 'time',
            value: (r) => r.expire_time,
          },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
        ],
      }),
    },
  });
}
