import type { Writable } from 'node:stream';
import { COMMAND_STATES, type CommandState, type Label, type Language, labelIn } from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../../companies/time-zone.ts';
import type { DispatchLogRow } from '../../contract/commands.ts';
import { startSheet } from '../../exports/workbook-reply.ts';
import { DISPATCH_ACTION_LABELS, DISPATCH_LOG_FIELD_LABELS, DISPATCH_LOG_SHEET } from './dispatch-log-strings.ts';

// The command log export as one .xlsx sheet, written row by row with exceljs' streaming writer (as the alarm
// export): memory stays flat however many rows (up to the route's cap) go out.

export interface DispatchLogWorkbookContext {
  language: Language;
  timeZone: string;
  /** The moment the export is made (names the zone's offset in the time headers). */
  now: number;
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

function actionLabel(action: string, language: Language): string {
  const label: Label | undefined = (DISPATCH_ACTION_LABELS as Record<string, Label>)[action];
  return label ? labelIn(label, language) : action;
}

export async function writeDispatchLogWorkbook(
  out: Writable,
  rows: AsyncIterable<DispatchLogRow>,
  context: DispatchLogWorkbookContext,
): Promise<number> {
  const { language, timeZone } = context;
  const label = (key: keyof typeof DISPATCH_LOG_FIELD_LABELS) => labelIn(DISPATCH_LOG_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const time = (key: 'sendTime' | 'replyTime' | 'expireTime') => `${label(key)} (${zone})`;
  const when = (t: number | null) => (t === null ? null : wallClockDate(t, timeZone));

  const { workbook, sheet } = startSheet(out, labelIn(DISPATCH_LOG_SHEET, language), [
    { header: time('sendTime'), key: 'sendTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: label('vehicle'), key: 'vehicle', width: 16 },
    { header: label('imei'), key: 'imei', width: 18 },
    { header: label('account'), key: 'account', width: 14 },
    { header: label('command'), key: 'command', width: 10 },
    { header: label('action'), key: 'action', width: 22 },
    { header: label('request'), key: 'request', width: 40 },
    { header: label('state'), key: 'state', width: 22 },
    { header: label('result'), key: 'result', width: 8 },
    { header: time('replyTime'), key: 'replyTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: time('expireTime'), key: 'expireTime', width: 21, style: { numFmt: TIME_FORMAT } },
  ]);

  let count = 0;
  for await (const r of rows) {
    const state = COMMAND_STATES[r.state as CommandState];
    sheet
      .addRow({
        sendTime: when(r.send_time),
        vehicle: r.car_name,
        imei: r.imei,
        account: r.account,
        // Message ids are read in hex in the standard and by technicians (0x8103); change route is 0.
        command: r.command === 0 ? '' : `0x${r.command.toString(16).padStart(4, '0').toUpperCase()}`,
        action: actionLabel(r.action, language),
        request: r.request,
        state: state ? labelIn(state.label, language) : String(r.state),
        result: r.result,
        replyTime: when(r.reply_time),
        expireTime: when(r.expire_time),
      })
      .commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
