import {
  BUS_STOP_STATES,
  type Label,
  type Language,
  LINE_CATEGORIES,
  LINE_DIRECTIONS,
  labelIn,
  ROUTE_STATES,
  TRAVEL_CATEGORIES,
} from '@headway/spec';
import type { ListColumn } from '../../basic-data/list-export.ts';
import type { BusStopRow, RouteRow, StationRow } from '../../contract/index.ts';

// The columns of the line, station and bus stop exports (xlsx, PDF or Word through basic-data/list-export.ts).
// Codes are written as their words from @headway/spec; headers in the caller's language.

const word = (table: { readonly [code: number]: { readonly label: Label } }, code: number, language: Language) => {
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
};

const YES: Label = { en: 'Yes', zh: '是', th: 'ใช่' };
const NO: Label = { en: 'No', zh: '否', th: 'ไม่' };

export const ROUTE_COLUMNS: ListColumn<RouteRow>[] = [
  { header: { en: 'Route code', zh: '线路编号', th: 'รหัสสาย' }, width: 14, value: (r) => r.route_code },
  { header: { en: 'Route name', zh: '线路名称', th: 'ชื่อสาย' }, width: 24, value: (r) => r.route_name },
  { header: { en: 'Sort', zh: '排序', th: 'ลำดับ' }, width: 8, value: (r) => r.sort_id },
  {
    header: { en: 'Category', zh: '线路类型', th: 'ประเภทสาย' },
    width: 14,
    value: (r, l) => word(LINE_CATEGORIES, r.category, l),
  },
  { header: { en: 'State', zh: '状态', th: 'สถานะ' }, width: 12, value: (r, l) => word(ROUTE_STATES, r.state, l) },
  {
    header: { en: 'Travel', zh: '行车类别', th: 'ประเภทการเดินรถ' },
    width: 14,
    value: (r, l) => word(TRAVEL_CATEGORIES, r.travel, l),
  },
  { header: { en: 'Fleet', zh: '车队', th: 'กองรถ' }, width: 16, value: (r) => r.fleet_name },
  {
    header: { en: 'Trunk line', zh: '干线', th: 'สายหลัก' },
    width: 10,
    value: (r, l) => labelIn(r.trunk ? YES : NO, l),
  },
  { header: { en: 'Opens', zh: '开通时间', th: 'เวลาเปิด' }, width: 9, value: (r) => r.open_time },
  { header: { en: 'Closes', zh: '停运时间', th: 'เวลาปิด' }, width: 9, value: (r) => r.stop_time },
  { header: { en: 'Ticket', zh: '票价', th: 'ค่าโดยสาร' }, width: 10, value: (r) => r.ticket },
  { header: { en: 'Directions', zh: '方向数', th: 'จำนวนทิศทาง' }, width: 10, value: (r) => r.direction_count },
  { header: { en: 'Vehicles', zh: '车辆数', th: 'จำนวนรถ' }, width: 10, value: (r) => r.vehicle_count },
  { header: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' }, width: 30, value: (r) => r.remark },
];

export const STATION_COLUMNS: ListColumn<StationRow>[] = [
  { header: { en: 'Route name', zh: '线路名称', th: 'ชื่อสาย' }, width: 22, value: (r) => r.route_name },
  { header: { en: 'Route code', zh: '线路编号', th: 'รหัสสาย' }, width: 12, value: (r) => r.route_code },
  {
    header: { en: 'Direction', zh: '方向', th: 'ทิศทาง' },
    width: 10,
    value: (r, l) => word(LINE_DIRECTIONS, r.direction, l),
  },
  { header: { en: 'Serial', zh: '序号', th: 'ลำดับ' }, width: 8, value: (r) => r.serial },
  { header: { en: 'Station name', zh: '站点名称', th: 'ชื่อสถานี' }, width: 24, value: (r) => r.station_name },
  { header: { en: 'Abbreviation', zh: '简称', th: 'ชื่อย่อ' }, width: 12, value: (r) => r.abridge },
  { header: { en: 'Mileage (m)', zh: '里程（米）', th: 'ระยะทาง (ม.)' }, width: 12, value: (r) => r.distance },
  { header: { en: 'Azimuth', zh: '方位角', th: 'มุมทิศ' }, width: 9, value: (r) => r.azimuth },
  {
    header: { en: 'Opposite side', zh: '对面站', th: 'ฝั่งตรงข้าม' },
    width: 12,
    value: (r, l) => labelIn(r.is_opposite ? YES : NO, l),
  },
  { header: { en: 'Latitude', zh: '纬度', th: 'ละติจูด' }, width: 12, value: (r) => r.lat },
  { header: { en: 'Longitude', zh: '经度', th: 'ลองจิจูด' }, width: 12, value: (r) => r.lng },
];

export const STOP_COLUMNS: ListColumn<BusStopRow>[] = [
  { key: 'code', header: { en: 'Stop code', zh: '站点编号', th: 'รหัสป้าย' }, width: 12, value: (r) => r.stop_code },
  { key: 'name', header: { en: 'Stop name', zh: '站点名称', th: 'ชื่อป้าย' }, width: 24, value: (r) => r.stop_name },
  { key: 'title', header: { en: 'Title', zh: '标题', th: 'หัวเรื่อง' }, width: 18, value: (r) => r.title },
  {
    key: 'state',
    header: { en: 'State', zh: '状态', th: 'สถานะ' },
    width: 10,
    value: (r, l) => word(BUS_STOP_STATES, r.state, l),
  },
  { key: 'address', header: { en: 'Address', zh: '地址', th: 'ที่อยู่' }, width: 30, value: (r) => r.address },
  { key: 'routes', header: { en: 'Routes', zh: '途经线路', th: 'สายที่ผ่าน' }, width: 20, value: (r) => r.routes },
  { key: 'lat', header: { en: 'Latitude', zh: '纬度', th: 'ละติจูด' }, width: 12, value: (r) => r.lat },
  { key: 'lng', header: { en: 'Longitude', zh: '经度', th: 'ลองจิจูด' }, width: 12, value: (r) => r.lng },
];

export const SHEETS = {
  routes: { en: 'Routes', zh: '线路', th: 'สายรถ' },
  stations: { en: 'Stations', zh: '线路站点', th: 'สถานี' },
  stops: { en: 'Bus stops', zh: '公交站点', th: 'ป้ายรถเมล์' },
} as const satisfies Record<string, Label>;
