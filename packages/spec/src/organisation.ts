import type { Label } from './labels.ts';

// The organisation's tables (product spec section 3 "employees", "company", "fleet", "card types"; section 4
// "Employee: 0 on job, 10 leave, 100 quit"; section 9 "fleet category 0-5, 100, 200"). The spec gives the codes and
// some names only; where it is silent the wording is ours (docs/basic-data-org.md "Decisions").

/** An employee's state with the tag colour the staff list shows it in (antd preset colours). */
export const EMPLOYEE_STATES = {
  0: { label: { en: 'On the job', zh: '在职', th: 'ปฏิบัติงาน' }, color: 'green' },
  10: { label: { en: 'On leave', zh: '休假', th: 'ลางาน' }, color: 'orange' },
  100: { label: { en: 'Quit', zh: '离职', th: 'ลาออก' }, color: 'default' },
} as const satisfies { readonly [state: number]: { readonly label: Label; readonly color: string } };
export type EmployeeState = keyof typeof EMPLOYEE_STATES;
export const EmployeeStateCode = { onJob: 0, leave: 10, quit: 100 } as const satisfies Record<string, EmployeeState>;

/** emp_type: the crew roles of a bus, and the staff around them. 1 and 2 are what the IC-card item names. */
export const EMPLOYEE_TYPES = {
  1: { label: { en: 'Driver', zh: '司机', th: 'พนักงานขับรถ' } },
  2: { label: { en: 'Conductor', zh: '乘务员', th: 'พนักงานเก็บค่าโดยสาร' } },
  3: { label: { en: 'Dispatcher', zh: '调度员', th: 'เจ้าหน้าที่จัดการเดินรถ' } },
  4: { label: { en: 'Mechanic', zh: '机务人员', th: 'ช่างซ่อมบำรุง' } },
  5: { label: { en: 'Manager', zh: '管理人员', th: 'ผู้จัดการ' } },
  9: { label: { en: 'Other', zh: '其他', th: 'อื่น ๆ' } },
} as const satisfies { readonly [type: number]: { readonly label: Label } };
export type EmployeeType = keyof typeof EMPLOYEE_TYPES;

export const SEXES = {
  0: { label: { en: 'Not stated', zh: '未填写', th: 'ไม่ระบุ' } },
  1: { label: { en: 'Male', zh: '男', th: 'ชาย' } },
  2: { label: { en: 'Female', zh: '女', th: 'หญิง' } },
} as const satisfies { readonly [sex: number]: { readonly label: Label } };
export type Sex = keyof typeof SEXES;

/** Driving-licence classes a bus company meets (the licence data of a driver); free text is refused. */
export const LICENCE_CLASSES = ['A1', 'A2', 'A3', 'B1', 'B2', 'C1', 'C2', 'D', 'E', 'OTHER'] as const;
export type LicenceClass = (typeof LICENCE_CLASSES)[number];

/** Fleet category (spec section 9 "fleet category 0-5, 100, 200"). */
export const FLEET_CATEGORIES = {
  0: { label: { en: 'General', zh: '普通车队', th: 'ทั่วไป' } },
  1: { label: { en: 'City bus', zh: '公交车队', th: 'รถโดยสารในเมือง' } },
  2: { label: { en: 'Suburban bus', zh: '郊区车队', th: 'รถโดยสารชานเมือง' } },
  3: { label: { en: 'Coach', zh: '客运车队', th: 'รถโดยสารระหว่างเมือง' } },
  4: { label: { en: 'Shuttle', zh: '通勤车队', th: 'รถรับส่ง' } },
  5: { label: { en: 'Charter', zh: '包车车队', th: 'รถเช่าเหมา' } },
  100: { label: { en: 'Maintenance', zh: '维修车队', th: 'ซ่อมบำรุง' } },
  200: { label: { en: 'Other', zh: '其他', th: 'อื่น ๆ' } },
} as const satisfies { readonly [category: number]: { readonly label: Label } };
export type FleetCategory = keyof typeof FLEET_CATEGORIES;

/** IC card type (spec section 3 "Card types: ordinary, student, elderly, system"). */
export const CARD_TYPES = {
  0: { label: { en: 'Ordinary', zh: '普通卡', th: 'บัตรทั่วไป' }, color: 'blue' },
  1: { label: { en: 'Student', zh: '学生卡', th: 'บัตรนักเรียน' }, color: 'cyan' },
  2: { label: { en: 'Elderly', zh: '老人卡', th: 'บัตรผู้สูงอายุ' }, color: 'gold' },
  3: { label: { en: 'System', zh: '系统卡', th: 'บัตรระบบ' }, color: 'purple' },
} as const satisfies { readonly [type: number]: { readonly label: Label; readonly color: string } };
export type CardType = keyof typeof CARD_TYPES;
/** A system card is a staff card (sign-in, driver identity): it may name its employee. */
export const SYSTEM_CARD_TYPE = 3 satisfies CardType;

export const CARD_STATES = {
  0: { label: { en: 'Active', zh: '正常', th: 'ใช้งาน' }, color: 'green' },
  1: { label: { en: 'Reported lost', zh: '挂失', th: 'แจ้งหาย' }, color: 'orange' },
  2: { label: { en: 'Cancelled', zh: '注销', th: 'ยกเลิก' }, color: 'default' },
} as const satisfies { readonly [state: number]: { readonly label: Label; readonly color: string } };
export type CardState = keyof typeof CARD_STATES;

/** Company sales level (spec "company (sales level…)"): the service tier the operator bought. */
export const SALES_LEVELS = {
  0: { label: { en: 'Trial', zh: '试用', th: 'ทดลองใช้' } },
  1: { label: { en: 'Standard', zh: '标准版', th: 'มาตรฐาน' } },
  2: { label: { en: 'Professional', zh: '专业版', th: 'มืออาชีพ' } },
  3: { label: { en: 'Enterprise', zh: '企业版', th: 'องค์กร' } },
} as const satisfies { readonly [level: number]: { readonly label: Label } };
export type SalesLevel = keyof typeof SALES_LEVELS;

/** Days of positions a company keeps, at least and at most (the regular cleaning reads archive_days). */
export const ARCHIVE_DAYS_MIN = 7;
export const ARCHIVE_DAYS_MAX = 3650;
/** A company's peak periods (spec "peak 1-3"): at most three `HH:MM-HH:MM` spans. */
export const PEAKS_MAX = 3;
export const PEAK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `peaks` (comma-separated `HH:MM-HH:MM`, start before end) is acceptable; empty is. */
export function peaksRule(peaks: string): 'format' | 'tooMany' | null {
  const text = peaks.trim();
  if (!text) return null;
  const spans = text.split(',').map((s) => s.trim());
  if (spans.length > PEAKS_MAX) return 'tooMany';
  for (const span of spans) {
    if (!PEAK_PATTERN.test(span)) return 'format';
    const [start, end] = span.split('-') as [string, string];
    if (start >= end) return 'format';
  }
  return null;
}

/**
 * Display info (Basic → display info): what a line's displays show. Type says where: the head sign and side and
 * rear boards of the bus, its interior LED, the station's electronic board.
 */
export const DISPLAY_TYPES = {
  0: { label: { en: 'Head sign', zh: '前路牌', th: 'ป้ายหน้ารถ' } },
  1: { label: { en: 'Side board', zh: '侧路牌', th: 'ป้ายข้างรถ' } },
  2: { label: { en: 'Rear board', zh: '后路牌', th: 'ป้ายท้ายรถ' } },
  3: { label: { en: 'Interior LED', zh: '车内LED屏', th: 'จอ LED ในรถ' } },
  4: { label: { en: 'Station board', zh: '电子站牌', th: 'ป้ายสถานีอิเล็กทรอนิกส์' } },
} as const satisfies { readonly [type: number]: { readonly label: Label } };
export type DisplayType = keyof typeof DISPLAY_TYPES;
/** Text one display item carries: LED boards scroll a few hundred characters at most. */
export const DISPLAY_CONTENT_MAX = 500;

/**
 * The next employee number after `max` (GET /basic/employees/get-max-empid): its trailing digits plus one, the
 * width and prefix kept (D0099 → D0100); a number without trailing digits gets "1" appended; none yet gives 0001.
 */
export function nextEmployeeNumber(max: string | null): string {
  if (!max) return '0001';
  const match = /^(.*?)(\d+)$/.exec(max);
  if (!match) return `${max}1`;
  const [, prefix, digits] = match as unknown as [string, string, string];
  const next = String(BigInt(digits) + 1n);
  return `${prefix}${next.padStart(digits.length, '0')}`;
}
