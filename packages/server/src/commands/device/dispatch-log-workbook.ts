import { COMMAND_STATES, type CommandState, type Label, type Language, labelIn } from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../../companies/time-zone.ts';
import type { DispatchLogRow } from '../../contract/commands.ts';
import type { ExportTable } from '../../exports/table/index.ts';
import { DISPATCH_ACTION_LABELS, DISPATCH_LOG_FIELD_LABELS, DISPATCH_LOG_SHEET } from './dispatch-log-strings.ts';

// The command log export's columns (as the alarm export): xlsx, PDF or Word through the table module.

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

export function dispatchLogTable(
  rows: AsyncIterable<DispatchLogRow>,
  context: DispatchLogWorkbookContext,
): ExportTable<DispatchLogRow> {
  const { language, timeZone } = context;
  const label = (key: keyof typeof DISPATCH_LOG_FIELD_LABELS) => labelIn(DISPATCH_LOG_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const time = (key: 'sendTime' | 'replyTime' | 'expireTime') => `${label(key)} (${zone})`;
  const when = (t: number | null) => (t === null ? null : wallClockDate(t, timeZone));
  return {
    title: DISPATCH_LOG_SHEET,
    rows,
    columns: [
      { key: 'sendTime', header: time('sendTime'), width: 21, numFmt: TIME_FORMAT, value: (r) => when(r.send_time) },
      { key: 'vehicle', header: label('vehicle'), width: 16, value: (r) => r.car_name },
      { key: 'imei', header: label('imei'), width: 18, value: (r) => r.imei },
      { key: 'account', header: label('account'), width: 14, value: (r) => r.account },
      {
        key: 'command',
        header: label('command'),
        width: 10,
        // Message ids are read in hex in the standard and by technicians (0x8103); change route is 0.
        value: (r) => (r.command === 0 ? '' : `0x${r.command.toString(16).padStart(4, '0').toUpperCase()}`),
      },
      { key: 'action', header: label('action'), width: 22, value: (r) => actionLabel(r.action, language) },
      { key: 'request', header: label('request'), width: 40, value: (r) => r.request },
      {
        key: 'state',
        header: label('state'),
        width: 22,
        value: (r) => {
          const state = COMMAND_STATES[r.state as CommandState];
          return state ? labelIn(state.label, language) : String(r.state);
        },
      },
      { key: 'result', header: label('result'), width: 8, value: (r) => r.result },
      { key: 'replyTime', header: time('replyTime'), width: 21, numFmt: TIME_FORMAT, value: (r) => when(r.reply_time) },
      {
        key: 'expireTime',
        header: time('expireTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => when(r.expire_time),
      },
    ],
  };
}
