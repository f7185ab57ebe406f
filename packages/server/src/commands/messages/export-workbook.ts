import {
  bitNames,
  COMMAND_STATES,
  type Label,
  type Language,
  labelIn,
  MESSAGE_TARGETS,
  TEXT_FLAG_BITS,
} from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../../companies/time-zone.ts';
import type { MessageLogRow } from '../../contract/commands.ts';
import type { ExportTable } from '../../exports/table/index.ts';

// The message log export's columns (GET /logs/message/export): xlsx, PDF or Word through the table module,
// written row by row so memory stays flat however many rows go out.

/** Column headers; states, targets and flag bits are @headway/spec's labels. */
export const MESSAGE_LOG_FIELD_LABELS = {
  sheet: { en: 'Message log', zh: '消息日志', th: 'บันทึกข้อความ' },
  vehicle: { en: 'Vehicle', zh: '车辆', th: 'รถ' },
  message: { en: 'Message', zh: '消息内容', th: 'ข้อความ' },
  flags: { en: 'Display', zh: '消息标志', th: 'การแสดงผล' },
  target: { en: 'Target', zh: '下发目标', th: 'ปลายทาง' },
  account: { en: 'Sent by', zh: '发送人', th: 'ผู้ส่ง' },
  sendTime: { en: 'Send time', zh: '发送时间', th: 'เวลาส่ง' },
  state: { en: 'State', zh: '状态', th: 'สถานะ' },
  replyTime: { en: 'Reply time', zh: '回复时间', th: 'เวลาตอบกลับ' },
  reply: { en: 'Driver reply', zh: '司机回复', th: 'คำตอบจากคนขับ' },
  expireTime: { en: 'Queued until', zh: '排队截止', th: 'รอส่งถึง' },
} as const satisfies Record<string, Label>;

export interface MessageWorkbookContext {
  language: Language;
  timeZone: string;
  /** The moment the export is made (names the zone's offset in the time headers). */
  now: number;
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export function messageLogTable(
  rows: AsyncIterable<MessageLogRow>,
  context: MessageWorkbookContext,
): ExportTable<MessageLogRow> {
  const { language, timeZone } = context;
  const label = (key: keyof typeof MESSAGE_LOG_FIELD_LABELS) => labelIn(MESSAGE_LOG_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const timeHeader = (key: 'sendTime' | 'replyTime' | 'expireTime') => `${label(key)} (${zone})`;
  const time = (t: number | null) => (t === null ? null : wallClockDate(t, timeZone));
  return {
    title: MESSAGE_LOG_FIELD_LABELS.sheet,
    rows,
    columns: [
      { key: 'vehicle', header: label('vehicle'), width: 16, value: (r) => r.car_name },
      { key: 'message', header: label('message'), width: 40, value: (r) => r.msg },
      {
        key: 'flags',
        header: label('flags'),
        width: 28,
        value: (r) =>
          bitNames(r.flag, TEXT_FLAG_BITS)
            .map((name) => labelIn(TEXT_FLAG_BITS[name].label, language))
            .join(', '),
      },
      {
        key: 'target',
        header: label('target'),
        width: 18,
        value: (r) => {
          const target = MESSAGE_TARGETS[r.target];
          return target ? labelIn(target.label, language) : r.target;
        },
      },
      { key: 'account', header: label('account'), width: 14, value: (r) => r.account },
      {
        key: 'sendTime',
        header: timeHeader('sendTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => time(r.send_time),
      },
      {
        key: 'state',
        header: label('state'),
        width: 20,
        value: (r) => {
          const state = COMMAND_STATES[r.send_state];
          return state ? labelIn(state.label, language) : String(r.send_state);
        },
      },
      {
        key: 'replyTime',
        header: timeHeader('replyTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => time(r.reply_time),
      },
      { key: 'reply', header: label('reply'), width: 30, value: (r) => r.reply_msg },
      {
        key: 'expireTime',
        header: timeHeader('expireTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => time(r.expire_time),
      },
    ],
  };
}
