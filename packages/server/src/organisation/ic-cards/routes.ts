import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CARD_STATES, CARD_TYPES, codeRule, nameRule, phoneRule, remarkRule, SYSTEM_CARD_TYPE } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import {
  IcCardBody,
  IcCardExportQuery,
  IcCardListQuery,
  IcCardValidatorQuery,
  IdParams,
  UpdateIcCardBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { reference } from '../references.ts';
import { access, check, EXPORT_MAX_ROWS, known, labelOf, ruleError, taken, trimmed } from '../rules.ts';
import { COMMON_HEADERS, exportWorkbook } from '../workbook.ts';
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

export function icCardRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

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

  async function visible(companyId: number, id: number) {
    const found = await getIcCard(db, companyId, id);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  return async (app) => {
    app.get(
      '/basic/ic-cards',
      { schema: { querystring: IcCardListQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { page, limit, ...filter } = request.query;
        return ok(await listIcCards(db, sessionOf(request).companyId, filter, paging({ page, limit })));
      },
    );

    app.get(
      '/basic/ic-cards/validator',
      { schema: { querystring: IcCardValidatorQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const cardNo = trimmed(request.query.card_no);
        if (await cardNumberTaken(db, sessionOf(request).companyId, cardNo, request.query.id)) {
          throw taken('card_no', cardNo);
        }
        return ok(true);
      },
    );

    app.post('/basic/ic-cards', { schema: { body: IcCardBody }, config: access(SCREEN, 'add') }, async (request) => {
      const { companyId } = sessionOf(request);
      const id = await insertIcCard(db, companyId, await values(companyId, request.body), epochSeconds(clock));
      return ok(await visible(companyId, id));
    });

    app.put(
      '/basic/ic-cards',
      { schema: { body: UpdateIcCardBody }, config: access(SCREEN, 'edit') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { id } = request.body;
        await visible(companyId, id);
        await updateIcCard(db, companyId, id, await values(companyId, request.body, id), epochSeconds(clock));
        return ok(await visible(companyId, id));
      },
    );

    app.delete(
      '/basic/ic-cards/:id',
      { schema: { params: IdParams }, config: access(SCREEN, 'delete') },
      async (request) => {
        const { companyId } = sessionOf(request);
        await visible(companyId, request.params.id);
        await deleteIcCard(db, companyId, request.params.id);
        return ok(null);
      },
    );

    app.get(
      '/basic/ic-cards/export',
      { schema: { querystring: IcCardExportQuery }, config: access(SCREEN, 'export') },
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
          prefix: 'ic-cards',
          sheet: { en: 'IC cards', zh: 'IC卡', th: 'บัตร IC' },
          total: await countIcCards(db, companyId, filter),
          rows: () => allIcCards(db, companyId, filter, EXPORT_MAX_ROWS),
          columns: [
            { header: { en: 'Card no.', zh: '卡号', th: 'หมายเลขบัตร' }, width: 16, cell: (r) => r.card_no },
            {
              header: { en: 'Card type', zh: '卡类型', th: 'ประเภทบัตร' },
              width: 12,
              cell: (r, l) => labelOf(CARD_TYPES, r.card_type, l),
            },
            { header: { en: 'Holder', zh: '持卡人', th: 'ผู้ถือบัตร' }, width: 18, cell: (r) => r.holder_name },
            { header: COMMON_HEADERS.phone, width: 16, cell: (r) => r.phone },
            { header: { en: 'Employee no.', zh: '工号', th: 'รหัสพนักงาน' }, width: 14, cell: (r) => r.emp_id },
            { header: COMMON_HEADERS.state, width: 12, cell: (r, l) => labelOf(CARD_STATES, r.state, l) },
            {
              header: { en: 'Issued', zh: '发卡时间', th: 'วันออกบัตร' },
              width: 21,
              time: true,
              cell: (r) => r.issue_time,
            },
            {
              header: { en: 'Expires', zh: '有效期至', th: 'วันหมดอายุ' },
              width: 21,
              time: true,
              cell: (r) => r.expire_time,
            },
            { header: COMMON_HEADERS.remark, width: 30, cell: (r) => r.remark },
          ],
        });
      },
    );
  };
}
