import type { Label } from '@headway/spec';

// Wording of an alarm's fields where the server writes them for a person (the export's column headers, the mail
// notice's table). Alarm names, levels and device types are @headway/spec's; only these headers live here.

export const ALARM_FIELD_LABELS = {
  vehicle: { en: 'Vehicle', zh: '车辆', th: 'รถ' },
  plate: { en: 'Plate', zh: '车牌号', th: 'ทะเบียนรถ' },
  imei: { en: 'IMEI', zh: 'IMEI', th: 'IMEI' },
  line: { en: 'Line', zh: '线路', th: 'สาย' },
  alarmType: { en: 'Alarm type', zh: '报警类型', th: 'ประเภทการแจ้งเตือน' },
  level: { en: 'Level', zh: '报警级别', th: 'ระดับ' },
  speed: { en: 'Speed (km/h)', zh: '速度 (km/h)', th: 'ความเร็ว (กม./ชม.)' },
  eventTime: { en: 'Event time', zh: '报警时间', th: 'เวลาที่เกิด' },
  endTime: { en: 'End time', zh: '结束时间', th: 'เวลาสิ้นสุด' },
  lat: { en: 'Latitude', zh: '纬度', th: 'ละติจูด' },
  lng: { en: 'Longitude', zh: '经度', th: 'ลองจิจูด' },
  position: { en: 'Position', zh: '位置', th: 'ตำแหน่ง' },
  readState: { en: 'Read state', zh: '处理状态', th: 'สถานะการอ่าน' },
  remark: { en: 'Remark', zh: '备注', th: 'หมายเหตุ' },
  readBy: { en: 'Read by', zh: '处理人', th: 'ผู้อ่าน' },
} as const satisfies Record<string, Label>;

export const READ_STATE_LABELS = {
  0: { en: 'Unread', zh: '未读', th: 'ยังไม่อ่าน' },
  1: { en: 'Read', zh: '已读', th: 'อ่านแล้ว' },
} as const satisfies Record<0 | 1, Label>;

export const EXPORT_STRINGS = {
  sheetName: { en: 'Alarms', zh: '报警', th: 'การแจ้งเตือน' },
  /** A time column's header names the zone its cells are in: "Event time (UTC)". */
  timeIn: { en: '{0} ({1})', zh: '{0} ({1})', th: '{0} ({1})' },
} as const satisfies Record<string, Label>;

/** `{0}`, `{1}`… replaced in order. */
export function fill(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? whole : String(value);
  });
}
