import type { ErrorCode } from './errors.ts';
import type { Language } from './language.ts';

// Caller-facing messages for every platform code in the three console languages. The console
// also translates codes itself; these are for API clients and for codes it has no key for.
export const MESSAGES: Record<ErrorCode | 0, Record<Language, string>> = {
  0: { en: 'ok', zh: '成功', th: 'สำเร็จ' },
  1000: { en: 'Unknown error', zh: '未知错误', th: 'ข้อผิดพลาดที่ไม่รู้จัก' },
  1001: {
    en: 'Login expired, please log in again',
    zh: '登录已过期，请重新登录',
    th: 'การเข้าสู่ระบบหมดอายุ กรุณาเข้าสู่ระบบใหม่',
  },
  1002: {
    en: 'Machine time is wrong, please correct your clock',
    zh: '机器时间错误，请校准时间',
    th: 'เวลาของเครื่องไม่ถูกต้อง กรุณาตั้งเวลาใหม่',
  },
  1003: { en: 'Signature error', zh: '签名错误', th: 'ลายเซ็นไม่ถูกต้อง' },
  1004: { en: 'Parameter error', zh: '参数错误', th: 'พารามิเตอร์ไม่ถูกต้อง' },
  1005: { en: 'Permission error', zh: '权限错误', th: 'ไม่มีสิทธิ์' },
  1006: { en: 'Timeout', zh: '超时', th: 'หมดเวลา' },
  1007: { en: 'Server busy, try again later', zh: '系统繁忙，请稍后再试', th: 'ระบบไม่ว่าง กรุณาลองใหม่ภายหลัง' },
  1008: { en: 'Record missing', zh: '记录不存在', th: 'ไม่พบข้อมูล' },
  1009: {
    en: 'Too much data, please narrow the query',
    zh: '数据量过大，请缩小查询范围',
    th: 'ข้อมูลมากเกินไป กรุณาจำกัดการค้นหา',
  },
  1100: { en: 'Account or password error', zh: '账号或密码错误', th: 'บัญชีหรือรหัสผ่านไม่ถูกต้อง' },
  1101: {
    en: 'Processing: the device did not answer or is offline',
    zh: '处理中：设备未应答或不在线',
    th: 'กำลังดำเนินการ: อุปกรณ์ไม่ตอบสนองหรือออฟไลน์',
  },
  1102: { en: 'Verification code error', zh: '验证码错误', th: 'รหัสยืนยันไม่ถูกต้อง' },
  1103: {
    en: 'Too frequent, please try again later',
    zh: '操作过于频繁，请稍后再试',
    th: 'ทำรายการบ่อยเกินไป กรุณาลองใหม่ภายหลัง',
  },
  1104: { en: 'Account missing', zh: '账号不存在', th: 'ไม่พบบัญชี' },
  1105: { en: 'E-mail not bound', zh: '邮箱未绑定', th: 'ยังไม่ได้ผูกอีเมล' },
  1106: { en: 'Account already registered', zh: '账号已注册', th: 'บัญชีนี้ถูกลงทะเบียนแล้ว' },
  1107: { en: 'E-mail already in use', zh: '邮箱已被使用', th: 'อีเมลนี้ถูกใช้แล้ว' },
  1108: { en: 'Already logged in', zh: '已登录', th: 'เข้าสู่ระบบอยู่แล้ว' },
  1109: { en: 'Account expired', zh: '账号已过期', th: 'บัญชีหมดอายุ' },
  1110: { en: 'Shift already exists', zh: '班次已存在', th: 'กะนี้มีอยู่แล้ว' },
  1111: { en: 'Server not found', zh: '未找到服务', th: 'ไม่พบเซิร์ฟเวอร์' },
  1112: {
    en: 'Password expired, please change it',
    zh: '密码已过期，请修改密码',
    th: 'รหัสผ่านหมดอายุ กรุณาเปลี่ยนรหัสผ่าน',
  },
  1113: { en: 'Equipment quantity limit exceeded', zh: '设备数量超出限制', th: 'จำนวนอุปกรณ์เกินขีดจำกัด' },
  1114: {
    en: 'Account locked after repeated failures, try again later',
    zh: '多次失败，账号已锁定，请稍后再试',
    th: 'บัญชีถูกล็อกเนื่องจากล้มเหลวหลายครั้ง กรุณาลองใหม่ภายหลัง',
  },
};

export function messageFor(code: ErrorCode | 0, language: Language): string {
  return MESSAGES[code][language];
}
