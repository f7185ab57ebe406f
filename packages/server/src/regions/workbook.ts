import type { Writable } from 'node:stream';
import {
  type Label,
  type Language,
  labelIn,
  REGION_TYPES,
  REGION_USE_TYPES,
  type RegionType,
  type RegionUseType,
} from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../companies/time-zone.ts';
import type { RegionRow } from '../contract/index.ts';
import { startSheet } from '../exports/workbook-reply.ts';

// GET /basic/region/export as one .xlsx sheet, streamed row by row (as the command log export). Type and use
// names come from @headway/spec; the headers are the export's own words, in the caller's language.

const FIELD_LABELS = {
  name: { en: 'Name', zh: '区域名称', th: 'ชื่อพื้นที่' },
  type: { en: 'Type', zh: '类型', th: 'ประเภท' },
  useType: { en: 'Use', zh: '用途', th: 'การใช้งาน' },
  center: { en: 'Centre (lat,lng)', zh: '中心点（纬度,经度）', th: 'จุดศูนย์กลาง (ละติจูด,ลองจิจูด)' },
  shared: { en: 'Shared', zh: '共享', th: 'แชร์' },
  points: { en: 'Points', zh: '坐标点', th: 'พิกัด' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  createdBy: { en: 'Created by', zh: '创建人', th: 'ผู้สร้าง' },
  createdAt: { en: 'Created', zh: '创建时间', th: 'เวลาที่สร้าง' },
} as const satisfies Record<string, Label>;

const YES: Label = { en: 'Yes', zh: '是', th: 'ใช่' };
const NO: Label = { en: 'No', zh: '否', th: 'ไม่' };
export const REGION_SHEET = { en: 'Regions', zh: '区域', th: 'พื้นที่' } as const satisfies Label;

export interface RegionWorkbookContext {
  language: Language;
  timeZone: string;
  now: number;
}

export async function writeRegionWorkbook(
  out: Writable,
  rows: AsyncIterable<RegionRow>,
  context: RegionWorkbookContext,
): Promise<number> {
  const { language, timeZone } = context;
  const label = (key: keyof typeof FIELD_LABELS) => labelIn(FIELD_LABELS[key], language);
  const { workbook, sheet } = startSheet(out, labelIn(REGION_SHEET, language), [
    { header: label('name'), key: 'name', width: 28 },
    { header: label('type'), key: 'type', width: 16 },
    { header: label('useType'), key: 'useType', width: 22 },
    { header: label('center'), key: 'center', width: 24 },
    { header: label('shared'), key: 'shared', width: 8 },
    { header: label('points'), key: 'points', width: 48 },
    { header: label('remark'), key: 'remark', width: 30 },
    { header: label('createdBy'), key: 'createdBy', width: 14 },
    {
      header: `${label('createdAt')} (${describeTimeZone(timeZone, context.now)})`,
      key: 'createdAt',
      width: 21,
      style: { numFmt: 'yyyy-mm-dd hh:mm:ss' },
    },
  ]);

  let count = 0;
  for await (const r of rows) {
    const type = REGION_TYPES[r.region_type as RegionType];
    const use = REGION_USE_TYPES[r.use_type as RegionUseType];
    sheet
      .addRow({
        name: r.region_name,
        type: type ? labelIn(type.label, language) : String(r.region_type),
        useType: use ? labelIn(use.label, language) : '',
        center: r.center,
        shared: labelIn(r.is_share === 1 ? YES : NO, language),
        points: r.region_point,
        remark: r.remark,
        createdBy: r.created_by_account,
        createdAt: wallClockDate(r.created_at, timeZone),
      })
      .commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
