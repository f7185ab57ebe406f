import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISPLAY_CONTENT_MAX, DISPLAY_TYPES, nameRule, remarkRule } from '@headway/spec';
import { sessionOf } from '../../auth/access.ts';
import { streamOf } from '../../basic-data/list-export.ts';
import { basicScreenRoutes } from '../../basic-data/screen-routes.ts';
import {
  DisplayInfoBody,
  DisplayInfoExportQuery,
  DisplayInfoListQuery,
  DisplayInfoValidatorQuery,
  DisplayRouteQuery,
  UpdateDisplayInfoBody,
} from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { COMMON_HEADERS } from '../headers.ts';
import { reference } from '../references.ts';
import { access, check, known, labelOf, ruleError, taken, trimmed } from '../rules.ts';
import {
  allDisplayInfo,
  countDisplayInfo,
  type DisplayInfoValues,
  deleteDisplayInfo,
  displayNameTaken,
  getDisplayInfo,
  insertDisplayInfo,
  lineDisplay,
  lineOptions,
  listDisplayInfo,
  updateDisplayInfo,
} from './queries.ts';

// /basic/display-info (screen BasicDisplayInfo): list, POST, PUT, DELETE /{id}, validator, export, /route (what a
// line's displays show now; the spec's "display /route") and /lines (the line picker).

const SCREEN = 'BasicDisplayInfo';
const SHOWN = { shown: 0, hidden: 1 } as const;

export function displayInfoRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function values(companyId: number, body: DisplayInfoBody, except?: number): Promise<DisplayInfoValues> {
    check('display_name', nameRule(body.display_name));
    check('remark', remarkRule(body.remark));
    const content = trimmed(body.content);
    if (!content) throw ruleError('content', 'required');
    if (content.length > DISPLAY_CONTENT_MAX) throw ruleError('content', 'tooLong');
    const state = body.state ?? SHOWN.shown;
    if (state !== SHOWN.shown && state !== SHOWN.hidden) throw ruleError('state', 'unknown');
    const start_time = body.start_time ?? null;
    const end_time = body.end_time ?? null;
    if (start_time !== null && end_time !== null && end_time < start_time) throw ruleError('end_time', 'order');
    const display_name = trimmed(body.display_name);
    if (await displayNameTaken(db, companyId, display_name, except)) throw taken('display_name', display_name);
    return {
      display_name,
      line_id: await reference(db, companyId, 'lines', 'route_id', body.route_id),
      display_type: known('display_type', body.display_type, DISPLAY_TYPES),
      content,
      sort_id: body.sort_id ?? 0,
      state,
      start_time,
      end_time,
      remark: trimmed(body.remark),
    };
  }

  const screen = basicScreenRoutes(services, {
    path: '/basic/display-info',
    access: { screen: SCREEN },
    get: ({ companyId }, id) => getDisplayInfo(db, companyId, id),
    list: {
      query: DisplayInfoListQuery,
      rows: ({ companyId }, filter, page) => listDisplayInfo(db, companyId, filter, page),
    },
    validator: {
      query: DisplayInfoValidatorQuery,
      check: async ({ companyId }, query) => {
        const name = trimmed(query.display_name);
        if (await displayNameTaken(db, companyId, name, query.id)) throw taken('display_name', name);
      },
    },
    create: {
      body: DisplayInfoBody,
      insert: async ({ companyId, now }, body) => insertDisplayInfo(db, companyId, await values(companyId, body), now),
    },
    update: {
      body: UpdateDisplayInfoBody,
      id: (body) => body.id,
      save: async ({ companyId, now }, id, body) =>
        updateDisplayInfo(db, companyId, id, await values(companyId, body, id), now),
    },
    remove: { delete: ({ companyId }, id) => deleteDisplayInfo(db, companyId, id) },
    export: {
      query: DisplayInfoExportQuery,
      table: async ({ companyId }, filter) => ({
        prefix: 'display-info',
        title: { en: 'Display info', zh: '显示信息', th: 'ข้อมูลการแสดงผล' },
        total: await countDisplayInfo(db, companyId, filter),
        rows: (upTo) => streamOf(allDisplayInfo(db, companyId, filter, upTo)),
        columns: [
          { header: { en: 'Name', zh: '名称', th: 'ชื่อ' }, width: 20, value: (r) => r.display_name },
          {
            header: { en: 'Line', zh: '线路', th: 'สายรถ' },
            width: 18,
            value: (r, l) => r.route_name || { en: 'All lines', zh: '全部线路', th: 'ทุกสาย' }[l],
          },
          {
            header: { en: 'Display', zh: '显示位置', th: 'จอแสดงผล' },
            width: 16,
            value: (r, l) => labelOf(DISPLAY_TYPES, r.display_type, l),
          },
          { header: { en: 'Content', zh: '内容', th: 'เนื้อหา' }, width: 48, value: (r) => r.content },
          { header: { en: 'Order', zh: '排序', th: 'ลำดับ' }, width: 8, value: (r) => r.sort_id },
          {
            header: COMMON_HEADERS.state,
            width: 10,
            value: (r, l) =>
              r.state === SHOWN.shown
                ? { en: 'Shown', zh: '显示', th: 'แสดง' }[l]
                : { en: 'Hidden', zh: '隐藏', th: 'ซ่อน' }[l],
          },
          { header: { en: 'From', zh: '开始时间', th: 'เริ่ม' }, width: 21, kind: 'time', value: (r) => r.start_time },
          { header: { en: 'Until', zh: '结束时间', th: 'สิ้นสุด' }, width: 21, kind: 'time', value: (r) => r.end_time },
          { header: COMMON_HEADERS.remark, width: 30, value: (r) => r.remark },
        ],
      }),
    },
  });

  return async (app) => {
    await app.register(screen);

    app.get(
      '/basic/display-info/route',
      { schema: { querystring: DisplayRouteQuery }, config: access(SCREEN, 'view') },
      async (request) => {
        const { companyId } = sessionOf(request);
        const lineId = await reference(db, companyId, 'lines', 'route_id', request.query.route_id);
        if (lineId === null) throw ruleError('route_id', 'required');
        return ok(await lineDisplay(db, companyId, lineId, epochSeconds(clock)));
      },
    );

    app.get('/basic/display-info/lines', { config: access(SCREEN, 'view') }, async (request) =>
      ok(await lineOptions(db, sessionOf(request).companyId)),
    );
  };
}
