import type { Writable } from 'node:stream';
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
import { startSheet } from '../../exports/workbook-reply.ts';

// The message log export (GET /logs/message/export) as one .xlsx sheet, written row by row with exceljs'
// streaming writer so memory stays flat however many rows (up to the route's cap) go out.

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

export async function writeMessageLogWorkbook(
  out: Writable,
  rows: AsyncIterable<MessageLogRow>,
  context: MessageWorkbookContext,
): Promise<number> {
  const { language, timeZone } = context;
  const label = (key: keyof typeof MESSAGE_LOG_FIELD_LABELS) => labelIn(MESSAGE_LOG_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const timeHeader = (key: 'sendTime' | 'replyTime' | 'expireTime') => `${label(key)} (${zone})`;
  const time = (t: number | null) => (t === null ? null : wallClockDate(t, timeZone));

  const { workbook, sheet } = startSheet(out, label('sheet'), [
    { header: label('vehicle'), key: 'vehicle', width: 16 },
    { header: label('message'), key: 'message', width: 40 },
    { header: label('flags'), key: 'flags', width: 28 },
    { header: label('target'), key: 'target', width: 18 },
    { header: label('account'), key: 'account', width: 14 },
    { header: timeHeader('sendTime'), key: 'sendTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: label('state'), key: 'state', width: 20 },
    { header: timeHeader('replyTime'), key: 'replyTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: label('reply'), key: 'reply', width: 30 },
    { header: timeHeader('expireTime'), key: 'expireTime', width: 21, style: { numFmt: TIME_FORMAT } },
  ]);

  let count = 0;
  for await (const r of rows) {
    const state = COMMAND_STATES[r.send_state];
    const target = MESSAGE_TARGETS[r.target];
    sheet
      .addRow({
        vehicle: r.car_name,
        message: r.msg,
        flags: bitNames(r.flag, TEXT_FLAG_BITS)
          .map((name) => labelIn(TEXT_FLAG_BITS[name].label, language))
          .join(', '),
        target: target ? labelIn(target.label, language) : r.target,
        account: r.account,
        sendTime: time(r.send_time),
        state: state ? labelIn(state.label, language) : String(r.send_state),
        replyTime: time(r.reply_time),
        reply: r.reply_msg,
        expireTime: time(r.expire_time),
      })
      .commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
