import type { Label, Language } from './labels.ts';

// The platform's error catalogue (product spec section 8, "Platform codes"; docs/api.md "Error codes"): every code
// once, with a named key (ErrorCode.loginExpired) and its message in the three languages. The server's envelope
// `msg` and the console's displayed message both come from here, so they cannot disagree.

export interface ErrorDef {
  readonly code: number;
  readonly message: Label;
  /**
   * Spec section 8 "Response handling": after this code the session is unusable; a signed-in console disconnects
   * the live channel and offers to log in again.
   */
  readonly endsSession?: true;
}

export const ERRORS = {
  unknown: { code: 1000, message: { en: 'Unknown error', zh: '未知错误', th: 'ข้อผิดพลาดที่ไม่ทราบสาเหตุ' } },
  loginExpired: {
    code: 1001,
    endsSession: true,
    message: {
      en: 'Login expired, please log in again',
      zh: '登录已过期，请重新登录',
      th: 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    },
  },
  /**
   * Not session-ending, although spec section 8 groups it with 1001 and 1003: signing in again would sign with the
   * same wrong clock, so the console says what to fix instead (issue 10).
   */
  timestampSkew: {
    code: 1002,
    message: {
      en: "Your machine's time is wrong, please correct its clock",
      zh: '本机时间错误，请校准时间',
      th: 'เวลาของเครื่องไม่ถูกต้อง กรุณาตั้งเวลาใหม่',
    },
  },
  signature: {
    code: 1003,
    endsSession: true,
    message: { en: 'Signature error', zh: '签名错误', th: 'ลายเซ็นไม่ถูกต้อง' },
  },
  parameter: { code: 1004, message: { en: 'Parameter error', zh: '参数错误', th: 'พารามิเตอร์ไม่ถูกต้อง' } },
  permission: { code: 1005, message: { en: 'Permission error', zh: '权限错误', th: 'ไม่มีสิทธิ์' } },
  timeout: { code: 1006, message: { en: 'Timeout', zh: '请求超时', th: 'หมดเวลา' } },
  busy: {
    code: 1007,
    message: {
      en: 'System busy, please try again later',
      zh: '系统繁忙，请稍后再试',
      th: 'ระบบไม่ว่าง กรุณาลองใหม่ภายหลัง',
    },
  },
  recordMissing: { code: 1008, message: { en: 'Record missing', zh: '记录不存在', th: 'ไม่พบข้อมูล' } },
  tooMuchData: {
    code: 1009,
    message: {
      en: 'Too much data, please narrow the query',
      zh: '数据量过大，请缩小查询范围',
      th: 'ข้อมูลมากเกินไป กรุณาจำกัดการค้นหาให้แคบลง',
    },
  },
  accountOrPassword: {
    code: 1100,
    message: { en: 'Account or password error', zh: '账号或密码错误', th: 'บัญชีผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' },
  },
  processing: {
    code: 1101,
    message: {
      en: 'Processing: the device did not answer or is offline',
      zh: '处理中：设备未应答或已离线',
      th: 'กำลังดำเนินการ: อุปกรณ์ไม่ตอบสนองหรือออฟไลน์',
    },
  },
  verifyCode: { code: 1102, message: { en: 'Verification code error', zh: '验证码错误', th: 'รหัสยืนยันไม่ถูกต้อง' } },
  tooFrequent: {
    code: 1103,
    message: {
      en: 'Too frequent, please try again later',
      zh: '操作过于频繁，请稍后再试',
      th: 'ดำเนินการบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
    },
  },
  accountMissing: { code: 1104, message: { en: 'Account missing', zh: '账号不存在', th: 'ไม่พบบัญชีผู้ใช้' } },
  emailNotBound: { code: 1105, message: { en: 'E-mail not bound', zh: '邮箱未绑定', th: 'ยังไม่ได้ผูกอีเมล' } },
  accountRegistered: {
    code: 1106,
    message: { en: 'Account already registered', zh: '账号已注册', th: 'บัญชีนี้ลงทะเบียนแล้ว' },
  },
  emailInUse: { code: 1107, message: { en: 'E-mail already in use', zh: '邮箱已被使用', th: 'อีเมลนี้ถูกใช้แล้ว' } },
  alreadyLoggedIn: { code: 1108, message: { en: 'Already logged in', zh: '已经登录', th: 'เข้าสู่ระบบอยู่แล้ว' } },
  accountExpired: { code: 1109, message: { en: 'Account expired', zh: '账号已过期', th: 'บัญชีหมดอายุ' } },
  shiftExists: { code: 1110, message: { en: 'Shift already exists', zh: '班次已存在', th: 'มีกะนี้อยู่แล้ว' } },
  serverNotFound: { code: 1111, message: { en: 'Server not found', zh: '找不到服务器', th: 'ไม่พบเซิร์ฟเวอร์' } },
  passwordExpired: {
    code: 1112,
    message: {
      en: 'Password expired, it must be changed',
      zh: '密码已过期，必须修改',
      th: 'รหัสผ่านหมดอายุ ต้องเปลี่ยนรหัสผ่าน',
    },
  },
  equipmentLimit: {
    code: 1113,
    message: { en: 'Equipment quantity limit exceeded', zh: '设备数量超出限制', th: 'จำนวนอุปกรณ์เกินขีดจำกัด' },
  },
  /** The lock time is the server's policy (docs/api.md "Sessions"), so the message names none. */
  accountLocked: {
    code: 1114,
    message: {
      en: 'Account locked after repeated failures, try again later',
      zh: '多次失败，账号已锁定，请稍后再试',
      th: 'บัญชีถูกล็อกเนื่องจากล้มเหลวหลายครั้ง กรุณาลองใหม่ภายหลัง',
    },
  },
} as const satisfies { readonly [name: string]: ErrorDef };

export type ErrorName = keyof typeof ERRORS;

/** Name → code: compare and throw with these (ErrorCode.passwordExpired), never with the bare number. */
export const ErrorCode = Object.freeze(
  Object.fromEntries(Object.entries(ERRORS).map(([name, def]) => [name, def.code])),
) as { readonly [K in ErrorName]: (typeof ERRORS)[K]['code'] };

export type ErrorCode = (typeof ErrorCode)[ErrorName];

export const ERROR_CODES: readonly ErrorCode[] = Object.freeze(Object.values(ErrorCode));

const BY_CODE: ReadonlyMap<number, ErrorDef> = new Map(Object.values(ERRORS).map((def) => [def.code, def]));

export function isErrorCode(code: number): code is ErrorCode {
  return BY_CODE.has(code);
}

/** The catalogue entry of a code, undefined for a code the catalogue does not hold. */
export function errorOf(code: number): ErrorDef | undefined {
  return BY_CODE.get(code);
}

/** The catalogue message of a code in `language`. */
export function errorMessage(code: ErrorCode, language: Language): string {
  return (BY_CODE.get(code) as ErrorDef).message[language];
}

/** Whether the code ends the session (spec section 8 "Response handling"). */
export function endsSession(code: number): boolean {
  return BY_CODE.get(code)?.endsSession === true;
}
