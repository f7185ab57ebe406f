import type { Label } from './labels.ts';

// Vehicles, devices, SIMs and device types (product spec section 3 "Vehicle … fuller vehicle record", section 4
// "Vehicle: 0 normal, 10 repair, 20, 100 discarded, 101 tax waiver", "Vehicle renewal", the expiry dialogs, and the
// generic rules of section 5; issue 14, docs/basic-data.md). The server's /basic/cars, /basic/devices, /basic/sims
// and /basic/device-types and the console's forms check the same rules from here.

type CodeTable = { readonly [code: number]: { readonly label: Label } };

/** Vehicle state. The spec leaves 20 unnamed; the product calls it "suspended" (docs/basic-data.md). */
export const VEHICLE_STATES = {
  0: { label: { en: 'Normal', zh: '正常', th: 'ปกติ' } },
  10: { label: { en: 'Under repair', zh: '维修', th: 'อยู่ระหว่างซ่อม' } },
  20: { label: { en: 'Suspended', zh: '停用', th: 'ระงับใช้งาน' } },
  100: { label: { en: 'Discarded', zh: '报废', th: 'ปลดระวาง' } },
  101: { label: { en: 'Tax waiver', zh: '免税', th: 'ยกเว้นภาษี' } },
} as const satisfies CodeTable;
export type VehicleState = keyof typeof VEHICLE_STATES;
export const VEHICLE_STATE_CODES = Object.keys(VEHICLE_STATES).map(Number) as VehicleState[];

/** Vehicle renewal review: 0 to be reviewed, 1 reviewed (applied to the vehicle), 2 cancelled. */
export const RENEWAL_STATES = {
  0: { label: { en: 'To be reviewed', zh: '待审核', th: 'รอตรวจสอบ' } },
  1: { label: { en: 'Reviewed', zh: '已审核', th: 'ตรวจสอบแล้ว' } },
  2: { label: { en: 'Cancelled', zh: '已取消', th: 'ยกเลิกแล้ว' } },
} as const satisfies CodeTable;
export type RenewalState = keyof typeof RENEWAL_STATES;
export const RenewalStateCode = { pending: 0, reviewed: 1, cancelled: 2 } as const satisfies Record<
  string,
  RenewalState
>;

/**
 * What a renewal renews: each names the vehicle date it moves once reviewed. The spec names the review screens
 * (insurance, licence, expiry) but not the record; these are the dates those screens show.
 */
export const RENEWAL_KINDS = {
  0: { field: 'compulsory_insurance_time', label: { en: 'Compulsory insurance', zh: '交强险', th: 'ประกันภาคบังคับ' } },
  1: { field: 'commercial_insurance_time', label: { en: 'Commercial insurance', zh: '商业险', th: 'ประกันภาคสมัครใจ' } },
  2: { field: 'expire_time', label: { en: 'Vehicle licence', zh: '行驶证', th: 'ใบอนุญาตรถ' } },
  3: { field: 'next_inspection_time', label: { en: 'Annual inspection', zh: '年检', th: 'ตรวจสภาพประจำปี' } },
  4: { field: 'tax_due_date', label: { en: 'Vehicle tax', zh: '车船税', th: 'ภาษีรถ' } },
} as const satisfies { readonly [code: number]: { readonly field: string; readonly label: Label } };
export type RenewalKind = keyof typeof RENEWAL_KINDS;
export const RENEWAL_KIND_CODES = Object.keys(RENEWAL_KINDS).map(Number) as RenewalKind[];

/** car_type: the spec shows "vehicle type" without its codes; these are the product's (docs/basic-data.md). */
export const VEHICLE_TYPES = {
  0: { label: { en: 'Standard bus', zh: '普通公交', th: 'รถโดยสารมาตรฐาน' } },
  1: { label: { en: 'Articulated bus', zh: '铰接公交', th: 'รถโดยสารแบบข้อต่อ' } },
  2: { label: { en: 'Double-decker', zh: '双层巴士', th: 'รถสองชั้น' } },
  3: { label: { en: 'Minibus', zh: '中巴', th: 'รถมินิบัส' } },
  4: { label: { en: 'Coach', zh: '大巴', th: 'รถโค้ช' } },
  5: { label: { en: 'Service vehicle', zh: '工作车', th: 'รถบริการ' } },
} as const satisfies CodeTable;
export type VehicleType = keyof typeof VEHICLE_TYPES;

export const FUEL_TYPES = {
  0: { label: { en: 'Diesel', zh: '柴油', th: 'ดีเซล' } },
  1: { label: { en: 'Petrol', zh: '汽油', th: 'เบนซิน' } },
  2: { label: { en: 'CNG', zh: '压缩天然气', th: 'CNG' } },
  3: { label: { en: 'LNG', zh: '液化天然气', th: 'LNG' } },
  4: { label: { en: 'Electric', zh: '纯电动', th: 'ไฟฟ้า' } },
  5: { label: { en: 'Hybrid', zh: '混合动力', th: 'ไฮบริด' } },
  6: { label: { en: 'Hydrogen', zh: '氢燃料', th: 'ไฮโดรเจน' } },
} as const satisfies CodeTable;
export type FuelType = keyof typeof FUEL_TYPES;

/** JT/T 808 editions a device speaks: 2011 and 2013 share 12-digit phones, 2019 sends 20 digits. */
export const PROTOCOL_VERSIONS = ['2011', '2013', '2019'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

// ---- Generic rules (spec section 5) ----

/** "name length 3-64". */
export const NAME_MIN = 3;
export const NAME_MAX = 64;
/** "remark max 255". */
export const REMARK_MAX = 255;
/** "images JPG or PNG, under 2 MB". */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'] as const;

/** A name of 3 to 64 characters once trimmed. */
export function nameLengthOk(text: string): boolean {
  const n = text.trim().length;
  return n >= NAME_MIN && n <= NAME_MAX;
}

/** An image the rules accept, by MIME type or file name and size. */
export function imageOk(file: { type?: string; name?: string; size: number }): boolean {
  const byType = file.type !== undefined && (IMAGE_TYPES as readonly string[]).includes(file.type);
  const name = (file.name ?? '').toLowerCase();
  const byName = IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  return (byType || byName) && file.size > 0 && file.size < IMAGE_MAX_BYTES;
}

/** An image URL a vehicle may point at: our own uploads (a path) or http(s). Empty means none. */
export function imageUrlOk(url: string): boolean {
  const text = url.trim();
  if (text === '') return true;
  if (!/^(https?:\/\/|\/)[^\s]*$/i.test(text)) return false;
  const path = text.split(/[?#]/)[0]?.toLowerCase() ?? '';
  return IMAGE_EXTENSIONS.some((ext) => path.endsWith(ext));
}

// ---- Field formats ----

/** Terminal phone: 1 to 20 digits (12 BCD digits in 2011/2013, 20 in 2019). */
export const TERMINAL_PHONE_PATTERN = /^\d{1,20}$/;
/** IMEI: 15 digits as GSM issues it; devices from some makers send up to 32 letters and digits. */
export const IMEI_PATTERN = /^[0-9A-Za-z]{6,32}$/;
/** SIM card number: the ICCID (19–20 digits) or the MSISDN (up to 20 digits). */
export const SIM_PATTERN = /^\d{6,20}$/;
/** VIN: 17 characters, no I, O or Q (ISO 3779). Optional on a vehicle. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;
export const PLATE_MAX = 32;

/**
 * Camera channel names (spec "channel (comma-separated names; empty dropped; a name with * means no audio)").
 * The channel number is its position from 1.
 */
export function parseChannels(text: string): { chn: number; name: string; audio: boolean }[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, i) => ({
      chn: i + 1,
      name: part.replaceAll('*', '').trim() || `CH${i + 1}`,
      audio: !part.includes('*'),
    }));
}

/** The stored form: trimmed names, empties dropped. */
export function normaliseChannels(text: string): string {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(',');
}

// ---- Expiry (spec section 4 "Expiry dialogs", section 9 "Insurance warning window 45 days … vehicle expiry 15") ----

export const INSURANCE_WARNING_DAYS = 45;
export const VEHICLE_EXPIRY_WARNING_DAYS = 15;
export const DAY_SECONDS = 86_400;

/** How a date shows: '--' missing, normal, a warning colour with days left, or red "expired". */
export type ExpiryLevel = 'missing' | 'normal' | 'warning' | 'expired';

export interface ExpiryStatus {
  level: ExpiryLevel;
  /** Whole days from today to the date (0 today, negative past); null when missing. */
  daysLeft: number | null;
}

/**
 * Spec section 4: more than `windowDays` away normal; 1 to `windowDays` days a warning with the days left; today or
 * earlier "expired". Days are counted on calendar days of `timeZoneOffsetMinutes` (the console's).
 */
export function expiryStatus(
  date: number | null | undefined,
  now: number,
  windowDays: number,
  timeZoneOffsetMinutes = 0,
): ExpiryStatus {
  if (date === null || date === undefined || date <= 0) return { level: 'missing', daysLeft: null };
  const day = (t: number) => Math.floor((t + timeZoneOffsetMinutes * 60) / DAY_SECONDS);
  const daysLeft = day(date) - day(now);
  if (daysLeft <= 0) return { level: 'expired', daysLeft };
  if (daysLeft <= windowDays) return { level: 'warning', daysLeft };
  return { level: 'normal', daysLeft };
}

/** The dialogs' colours: insurance warnings red, vehicle-expiry warnings orange, expired red. */
export const EXPIRY_COLOURS = { insurance: '#f5222d', vehicle: '#fa8c16', expired: '#f5222d' } as const;

export const EXPIRY_TEXTS = {
  expired: { en: 'Expired', zh: '已过期', th: 'หมดอายุแล้ว' },
  daysLeft: { en: '{0} days left', zh: '剩余{0}天', th: 'เหลือ {0} วัน' },
} as const satisfies Record<string, Label>;

/** Fills `{0}`, `{1}`… of a spec template. */
export function fillTemplate(template: string, ...values: readonly (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, i: string) => {
    const value = values[Number(i)];
    return value === undefined ? whole : String(value);
  });
}

/** The fields a duplicate can be about, with their labels for the "already exists" text. */
export const UNIQUE_FIELD_LABELS = {
  car_name: { en: 'Vehicle name', zh: '车辆名称', th: 'ชื่อรถ' },
  lpn: { en: 'Plate', zh: '车牌号', th: 'ทะเบียนรถ' },
  imei: { en: 'IMEI', zh: 'IMEI', th: 'IMEI' },
  vin: { en: 'VIN', zh: '车架号', th: 'หมายเลขตัวถัง' },
  terminal_phone: { en: 'Terminal phone', zh: '终端手机号', th: 'หมายเลขโทรศัพท์เทอร์มินัล' },
  sim_no: { en: 'SIM number', zh: 'SIM卡号', th: 'หมายเลขซิม' },
  type_name: { en: 'Device type', zh: '设备类型', th: 'ประเภทอุปกรณ์' },
} as const satisfies Record<string, Label>;
export type UniqueField = keyof typeof UNIQUE_FIELD_LABELS;

/**
 * A vehicle added beyond the company's authorised count (company `authorised_vehicles`, 0 = no limit): 1113
 * "equipment quantity limit exceeded" with this sentence, {0} the authorised count.
 */
export const VEHICLE_LIMIT_TEXT = {
  en: 'The company is authorised for {0} vehicles and has them all; ask the platform operator for more',
  zh: '公司授权车辆数为 {0} 辆，已全部使用，请联系平台运营方增加授权',
  th: 'บริษัทได้รับอนุญาตให้มีรถ {0} คันและใช้ครบแล้ว กรุณาติดต่อผู้ให้บริการแพลตฟอร์มเพื่อเพิ่มจำนวน',
} as const satisfies Label;

/** Refusals to delete what is still in use (issue 14 "deleting a device bound to a vehicle refused"). */
export const IN_USE_TEXTS = {
  deviceInVehicle: {
    en: 'Device {0} is installed in vehicle {1}; take it out of the vehicle first',
    zh: '设备 {0} 已安装在车辆 {1} 上，请先从车辆解绑',
    th: 'อุปกรณ์ {0} ติดตั้งอยู่ในรถ {1} กรุณานำออกจากรถก่อน',
  },
  simInDevice: {
    en: 'SIM {0} is in terminal {1}; take it out of the device first',
    zh: 'SIM卡 {0} 正在终端 {1} 中使用，请先从设备解绑',
    th: 'ซิม {0} ใช้อยู่ในเทอร์มินัล {1} กรุณานำออกจากอุปกรณ์ก่อน',
  },
  typeHasDevices: {
    en: 'Device type {0} is used by {1} devices; change their type first',
    zh: '设备类型 {0} 正被 {1} 台设备使用，请先修改这些设备的类型',
    th: 'ประเภทอุปกรณ์ {0} ถูกใช้โดยอุปกรณ์ {1} เครื่อง กรุณาเปลี่ยนประเภทก่อน',
  },
} as const satisfies Record<string, Label>;
