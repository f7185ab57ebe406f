import type { Label } from '@headway/spec';

// The mail notice's own sentences. Field names come from ../export/strings.ts and alarm names, levels from
// @headway/spec, so a mail and a spreadsheet word an alarm the same way. `{0}`, `{1}` are filled in order.

export const MAIL_STRINGS = {
  /** [company] alarm · vehicle */
  subjectOne: { en: '[{0}] Alarm: {1} · {2}', zh: '[{0}] 报警：{1} · {2}', th: '[{0}] แจ้งเตือน: {1} · {2}' },
  /** [company] count alarms: type ×n, … */
  subjectMany: {
    en: '[{0}] {1} alarms: {2}',
    zh: '[{0}] {1} 条报警：{2}',
    th: '[{0}] การแจ้งเตือน {1} รายการ: {2}',
  },
  greeting: { en: 'Hello {0},', zh: '{0}，您好：', th: 'เรียน {0}' },
  introOne: {
    en: 'An alarm was raised for a vehicle you watch.',
    zh: '您关注的车辆产生了一条报警。',
    th: 'มีการแจ้งเตือนจากรถที่คุณดูแล 1 รายการ',
  },
  introMany: {
    en: '{0} alarms were raised for vehicles you watch.',
    zh: '您关注的车辆产生了 {0} 条报警。',
    th: 'มีการแจ้งเตือน {0} รายการจากรถที่คุณดูแล',
  },
  timesIn: { en: 'Times are in {0}.', zh: '时间均为 {0}。', th: 'เวลาทั้งหมดเป็นเวลา {0}' },
  time: { en: 'Time', zh: '时间', th: 'เวลา' },
  /** The value carries the unit, so the header does not (unlike the export's column). */
  speed: { en: 'Speed', zh: '速度', th: 'ความเร็ว' },
  speedValue: { en: '{0} km/h', zh: '{0} km/h', th: '{0} กม./ชม.' },
  more: {
    en: 'And {0} more: see them all in the alarm details of the console.',
    zh: '另有 {0} 条报警，请在控制台的报警明细中查看全部。',
    th: 'และอีก {0} รายการ ดูทั้งหมดได้ที่รายละเอียดการแจ้งเตือนในคอนโซล',
  },
  footer: {
    en: 'You receive this mail because mail notice is on for these alarm types. You can turn it off in the alarm filter of the console.',
    zh: '您收到此邮件，是因为您为这些报警类型开启了邮件通知。可在控制台的报警筛选中关闭。',
    th: 'คุณได้รับอีเมลนี้เพราะเปิดการแจ้งเตือนทางอีเมลสำหรับประเภทการแจ้งเตือนเหล่านี้ไว้ ปิดได้ที่ตัวกรองการแจ้งเตือนในคอนโซล',
  },
} as const satisfies Record<string, Label>;
