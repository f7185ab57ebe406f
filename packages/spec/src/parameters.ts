import type { Label } from './labels.ts';

// JT/T 808 terminal parameters (0x8103 set, 0x8104/0x8106 query, 0x0104 answer; JT/T 808-2013 table 12 with the
// 2019, JT/T 1078 and T/JSATL 12 additions; shared/protocol/jt808-reference.md §3): the value type of every ID
// the standards define, names and labels for the IDs the platform uses, and the console's edit rules for the
// IDs the product spec lists (section 5 "Parameter edit", section 9 "Parameter ids").

export type ParamType = 'byte' | 'word' | 'dword' | 'string' | 'bytes';

/**
 * How the console checks an edited value (spec section 5). Ranges apply to the value as shown; `scale` values
 * are shown divided by it and sent multiplied by it.
 */
export type ParameterEdit =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number; readonly scale?: number }
  | {
      readonly kind: 'decimal';
      readonly min: number;
      readonly max: number;
      readonly decimals: number;
      readonly scale?: number;
    }
  /** Dotted IPv4, each octet 0–255; `companion` is read and edited with it (spec: "selecting id 19 also reads id 24"). */
  | { readonly kind: 'ipv4'; readonly companion?: number };

export interface ParameterDef {
  readonly id: number;
  readonly type: ParamType;
  readonly label: Label;
  readonly edit?: ParameterEdit;
}

export const PARAMETERS = {
  heartbeatInterval: {
    id: 0x0001,
    type: 'dword',
    label: { en: 'Heartbeat interval (s)', zh: '心跳间隔（秒）', th: 'ช่วงเวลาฮาร์ตบีต (วินาที)' },
    edit: { kind: 'integer', min: 5, max: 86400 },
  },
  tcpReplyTimeout: {
    id: 0x0002,
    type: 'dword',
    label: { en: 'TCP reply timeout (s)', zh: 'TCP 应答超时（秒）', th: 'หมดเวลารอตอบ TCP (วินาที)' },
  },
  tcpRetries: { id: 0x0003, type: 'dword', label: { en: 'TCP retries', zh: 'TCP 重传次数', th: 'จำนวนส่งซ้ำ TCP' } },
  mainServerApn: {
    id: 0x0010,
    type: 'string',
    label: { en: 'Main server APN', zh: '主服务器 APN', th: 'APN เซิร์ฟเวอร์หลัก' },
  },
  /** 2013: IP or domain; 2019: `host:port`, several separated by `;`. */
  mainServerAddress: {
    id: 0x0013,
    type: 'string',
    label: { en: 'Main server address', zh: '主服务器地址', th: 'ที่อยู่เซิร์ฟเวอร์หลัก' },
    edit: { kind: 'ipv4', companion: 0x0018 },
  },
  backupServerAddress: {
    id: 0x0017,
    type: 'string',
    label: { en: 'Backup server address', zh: '备份服务器地址', th: 'ที่อยู่เซิร์ฟเวอร์สำรอง' },
  },
  /** 2013 only (reserved in 2019, where the port is in 0x0013). */
  serverTcpPort: {
    id: 0x0018,
    type: 'dword',
    label: { en: 'Server TCP port', zh: '服务器 TCP 端口', th: 'พอร์ต TCP ของเซิร์ฟเวอร์' },
    edit: { kind: 'integer', min: 0, max: 65535 },
  },
  serverUdpPort: {
    id: 0x0019,
    type: 'dword',
    label: { en: 'Server UDP port', zh: '服务器 UDP 端口', th: 'พอร์ต UDP ของเซิร์ฟเวอร์' },
  },
  reportStrategy: {
    id: 0x0020,
    type: 'dword',
    label: { en: 'Report strategy', zh: '位置汇报策略', th: 'นโยบายรายงานตำแหน่ง' },
  },
  reportScheme: {
    id: 0x0021,
    type: 'dword',
    label: { en: 'Report scheme', zh: '位置汇报方案', th: 'รูปแบบรายงานตำแหน่ง' },
  },
  defaultReportInterval: {
    id: 0x0029,
    type: 'dword',
    label: { en: 'Report interval (s)', zh: '缺省时间汇报间隔（秒）', th: 'ช่วงเวลารายงาน (วินาที)' },
    edit: { kind: 'integer', min: 0, max: 86400 },
  },
  defaultReportDistance: {
    id: 0x002c,
    type: 'dword',
    label: { en: 'Report distance (m)', zh: '缺省距离汇报间隔（米）', th: 'ระยะทางรายงาน (เมตร)' },
    edit: { kind: 'integer', min: 10, max: 10000 },
  },
  /**
   * Spec: "integer 30 to 180 (30-99, 110-179, 180)": the parenthesis describes a pattern that also refused
   * 100–109, which the standard does not; the range is kept, the gap is not.
   */
  cornerAngle: {
    id: 0x0030,
    type: 'dword',
    label: { en: 'Corner report angle (°)', zh: '拐点补传角度（度）', th: 'มุมรายงานเมื่อเลี้ยว (องศา)' },
    edit: { kind: 'integer', min: 30, max: 180 },
  },
  geofenceRadius: {
    id: 0x0031,
    type: 'word',
    label: { en: 'Geofence radius (m)', zh: '电子围栏半径（米）', th: 'รัศมีรั้วเสมือน (เมตร)' },
  },
  maxSpeed: {
    id: 0x0055,
    type: 'dword',
    label: { en: 'Maximum speed (km/h)', zh: '最高速度（km/h）', th: 'ความเร็วสูงสุด (กม./ชม.)' },
    edit: { kind: 'integer', min: 0, max: 200 },
  },
  overspeedDuration: {
    id: 0x0056,
    type: 'dword',
    label: { en: 'Overspeed duration (s)', zh: '超速持续时间（秒）', th: 'ระยะเวลาขับเร็วเกิน (วินาที)' },
    edit: { kind: 'integer', min: 0, max: 86400 },
  },
  /** Sent in 1/10 km/h. */
  overspeedWarningMargin: {
    id: 0x005b,
    type: 'word',
    label: { en: 'Speed warning margin (km/h)', zh: '超速预警差值（km/h）', th: 'ค่าเตือนก่อนเร็วเกิน (กม./ชม.)' },
    edit: { kind: 'integer', min: 0, max: 200, scale: 10 },
  },
  /** Sent in 1/10 km. */
  odometer: {
    id: 0x0080,
    type: 'dword',
    label: { en: 'Odometer (km)', zh: '车辆里程表读数（km）', th: 'เลขไมล์ (กม.)' },
    edit: { kind: 'decimal', min: 0, max: 1000000, decimals: 1, scale: 10 },
  },
  province: { id: 0x0081, type: 'word', label: { en: 'Province ID', zh: '省域 ID', th: 'รหัสจังหวัด' } },
  city: { id: 0x0082, type: 'word', label: { en: 'City ID', zh: '市县域 ID', th: 'รหัสเมือง' } },
  plate: { id: 0x0083, type: 'string', label: { en: 'Plate number', zh: '车牌号码', th: 'หมายเลขทะเบียน' } },
  plateColor: { id: 0x0084, type: 'byte', label: { en: 'Plate colour', zh: '车牌颜色', th: 'สีป้ายทะเบียน' } },
  /** Vendor parameter the console edits (spec sections 5 and 9: 65521); DWORD seconds. */
  vendorFff1: {
    id: 0xfff1,
    type: 'dword',
    label: { en: 'Vendor parameter 0xFFF1 (s)', zh: '厂商参数 0xFFF1（秒）', th: 'พารามิเตอร์ผู้ผลิต 0xFFF1 (วินาที)' },
    edit: { kind: 'integer', min: 0, max: 86400 },
  },
  /** Vendor parameter the console reads (spec section 9: 65522); no edit format. */
  vendorFff2: {
    id: 0xfff2,
    type: 'dword',
    label: { en: 'Vendor parameter 0xFFF2', zh: '厂商参数 0xFFF2', th: 'พารามิเตอร์ผู้ผลิต 0xFFF2' },
  },
} as const satisfies { readonly [name: string]: ParameterDef };

export type ParameterName = keyof typeof PARAMETERS;

/** Name → parameter ID. */
export const ParamId = Object.freeze(
  Object.fromEntries(Object.entries(PARAMETERS).map(([name, def]) => [name, def.id])),
) as { readonly [K in ParameterName]: (typeof PARAMETERS)[K]['id'] };

type ValueOfType<T extends ParamType> = T extends 'string' ? string : T extends 'bytes' ? Uint8Array : number;

/** Typed values of the named IDs. */
export type ParamValueMap = {
  [K in ParameterName as (typeof PARAMETERS)[K]['id']]: ValueOfType<(typeof PARAMETERS)[K]['type']>;
};

/**
 * Value type of every parameter ID the standards define, as [first, last, type] runs; a later run overrides an
 * earlier one (0x007A inside the JT/T 1078 structures). IDs outside stay raw bytes.
 */
export const PARAMETER_TYPE_RUNS: readonly (readonly [number, number, ParamType])[] = [
  [0x0001, 0x0007, 'dword'], // heartbeat, TCP/UDP/SMS reply timeouts and retries
  [0x0010, 0x0017, 'string'], // main/backup APN, user, password, address
  [0x0018, 0x0019, 'dword'], // TCP/UDP port (2013)
  [0x001a, 0x001a, 'string'], // IC-card auth server
  [0x001b, 0x001c, 'dword'],
  [0x001d, 0x001d, 'string'],
  [0x0020, 0x0022, 'dword'],
  [0x0023, 0x0026, 'string'], // 2019 secondary server
  [0x0027, 0x0029, 'dword'],
  [0x002c, 0x0030, 'dword'],
  [0x0031, 0x0031, 'word'],
  [0x0032, 0x0032, 'bytes'], // 2019 illegal-driving window: start hh, mm, end hh, mm
  [0x0040, 0x0044, 'string'], // monitoring / reset / SMS phone numbers
  [0x0045, 0x0047, 'dword'],
  [0x0048, 0x0049, 'string'],
  [0x0050, 0x005a, 'dword'],
  [0x005b, 0x005e, 'word'],
  [0x0064, 0x0065, 'dword'],
  [0x0070, 0x0074, 'dword'],
  [0x0075, 0x007c, 'bytes'], // JT/T 1078 structures
  [0x007a, 0x007a, 'dword'], // JT/T 1078 video alarm mask
  [0x0080, 0x0080, 'dword'],
  [0x0081, 0x0082, 'word'],
  [0x0083, 0x0083, 'string'],
  [0x0084, 0x0084, 'byte'],
  [0x0090, 0x0092, 'byte'],
  [0x0093, 0x0093, 'dword'],
  [0x0094, 0x0094, 'byte'],
  [0x0095, 0x0095, 'dword'],
  [0x0100, 0x0100, 'dword'],
  [0x0101, 0x0101, 'word'],
  [0x0102, 0x0102, 'dword'],
  [0x0103, 0x0103, 'word'],
  [0x0110, 0x01ff, 'bytes'], // CAN bus ID collection settings, BYTE[8]
  [0xf364, 0xf367, 'bytes'], // T/JSATL 12 ADAS / DSM / TPMS / BSD
  [0xfff1, 0xfff2, 'dword'], // vendor parameters the console uses
];

/** ID → value type, for every ID the standards define. */
export const PARAM_TYPES: ReadonlyMap<number, ParamType> = (() => {
  const types = new Map<number, ParamType>();
  for (const [first, last, type] of PARAMETER_TYPE_RUNS) for (let id = first; id <= last; id++) types.set(id, type);
  return types;
})();

const BY_ID: ReadonlyMap<number, ParameterDef> = new Map(Object.values(PARAMETERS).map((def) => [def.id, def]));

/** The named parameter of an ID, undefined for the IDs the platform does not name. */
export function parameterOf(id: number): ParameterDef | undefined {
  return BY_ID.get(id);
}

export type ParameterCheck =
  | { ok: true; value: string | number }
  | { ok: false; reason: 'required' | 'integer' | 'decimal' | 'range' | 'ipv4' };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Checks a value typed into the parameter editor (spec section 5): trimmed, required, then the ID's format.
 * Returns the value to send (scaled back to the wire unit); IDs without a format pass any non-empty text.
 */
export function checkParameterValue(id: number, input: string): ParameterCheck {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'required' };
  const edit = BY_ID.get(id)?.edit;
  if (!edit) return { ok: true, value: text };
  if (edit.kind === 'ipv4') {
    const octets = IPV4.exec(text);
    if (!octets || octets.slice(1).some((o) => Number(o) > 255)) return { ok: false, reason: 'ipv4' };
    return { ok: true, value: text };
  }
  const pattern = edit.kind === 'integer' ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${edit.decimals}})?$`);
  if (!pattern.test(text)) return { ok: false, reason: edit.kind };
  const shown = Number(text);
  if (shown < edit.min || shown > edit.max) return { ok: false, reason: 'range' };
  return { ok: true, value: Math.round(shown * (edit.scale ?? 1)) };
}

/** A wire value as the console shows it (scaled IDs divided). */
export function shownParameterValue(id: number, value: number): number {
  const edit = BY_ID.get(id)?.edit;
  const scale = edit && edit.kind !== 'ipv4' ? (edit.scale ?? 1) : 1;
  return value / scale;
}
