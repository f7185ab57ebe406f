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
import type { ExportTable } from '../exports/table/index.ts';

// GET /basic/region/export's columns: xlsx, PDF or Word through the table module, streamed row by row. Type and use
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

export function regionTable(rows: AsyncIterable<RegionRow>, context: RegionWorkbookContext): ExportTable<RegionRow> {
  const { language, timeZone } = context;
  return {
    title: REGION_SHEET,
    rows,
    columns: [
      { key: 'name', header: FIELD_LABELS.name, width: 28, value: (r) => r.region_name },
      {
        key: 'type',
        header: FIELD_LABELS.type,
        width: 16,
        value: (r) => {
          const type = REGION_TYPES[r.region_type as RegionType];
          return type ? labelIn(type.label, language) : String(r.region_type);
        },
      },
      {
        key: 'useType',
        header: FIELD_LABELS.useType,
        width: 22,
        value: (r) => {
          const use = REGION_USE_TYPES[r.use_type as RegionUseType];
          return use ? labelIn(use.label, language) : '';
        },
      },
      { key: 'center', header: FIELD_LABELS.center, width: 24, value: (r) => r.center },
      {
        key: 'shared',
        header: FIELD_LABELS.shared,
        width: 8,
        value: (r) => labelIn(r.is_share === 1 ? YES : NO, language),
      },
      { key: 'points', header: FIELD_LABELS.points, width: 48, value: (r) => r.region_point },
      { key: 'remark', header: FIELD_LABELS.remark, width: 30, value: (r) => r.remark },
      { key: 'createdBy', header: FIELD_LABELS.createdBy, width: 14, value: (r) => r.created_by_account },
      {
        key: 'createdAt',
        header: `${labelIn(FIELD_LABELS.createdAt, language)} (${describeTimeZone(timeZone, context.now)})`,
        width: 21,
        numFmt: 'yyyy-mm-dd hh:mm:ss',
        value: (r) => wallClockDate(r.created_at, timeZone),
      },
    ],
  };
}
