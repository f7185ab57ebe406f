import { DISPATCH_ACTIONS, type DispatchAction, type Label } from '@headway/spec';

// Wording of the command log where the server writes it for a person (the export's headers and action names).
// Command states are @headway/spec's COMMAND_STATES.

export const DISPATCH_LOG_FIELD_LABELS = {
  sendTime: { en: 'Sent', zh: '发送时间', th: 'เวลาส่ง' },
  vehicle: { en: 'Vehicle', zh: '车辆', th: 'รถ' },
  imei: { en: 'IMEI', zh: 'IMEI', th: 'IMEI' },
  account: { en: 'Account', zh: '操作账号', th: 'บัญชี' },
  command: { en: 'Command', zh: '指令', th: 'คำสั่ง' },
  action: { en: 'Action', zh: '操作', th: 'การดำเนินการ' },
  request: { en: 'Request', zh: '请求内容', th: 'คำขอ' },
  state: { en: 'State', zh: '状态', th: 'สถานะ' },
  result: { en: 'Result', zh: '结果', th: 'ผลลัพธ์' },
  replyTime: { en: 'Replied', zh: '回复时间', th: 'เวลาตอบกลับ' },
  expireTime: { en: 'Expires', zh: '过期时间', th: 'หมดอายุ' },
} as const satisfies Record<string, Label>;

/** The action names of @headway/spec's DISPATCH_ACTIONS, by action. */
export const DISPATCH_ACTION_LABELS = Object.fromEntries(
  Object.entries(DISPATCH_ACTIONS).map(([action, def]) => [action, def.label]),
) as Record<DispatchAction, Label>;

export const DISPATCH_LOG_SHEET = { en: 'Command log', zh: '指令日志', th: 'บันทึกคำสั่ง' } as const satisfies Label;
