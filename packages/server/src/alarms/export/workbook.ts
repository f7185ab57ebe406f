import { ALARM_LEVELS, type AlarmLevel, alarmLabel, alarmTextCode, type Language, labelIn } from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../../companies/time-zone.ts';
import type { ExportTable } from '../../exports/table/index.ts';
import type { ExportedAlarm } from './query.ts';
import { ALARM_FIELD_LABELS, EXPORT_STRINGS, fill, READ_STATE_LABELS } from './strings.ts';

// The alarm export's columns (docs/exports.md): the table module writes them as xlsx, PDF or Word, row by row,
// so memory stays flat however many rows go out.

export interface WorkbookContext {
  language: Language;
  timeZone: string;
  customNames: ReadonlyMap<number, string>;
  /** The moment the export is made (names the zone's offset in the time headers). */
  now: number;
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export function alarmTable(rows: AsyncIterable<ExportedAlarm>, context: WorkbookContext): ExportTable<ExportedAlarm> {
  const { language, timeZone, customNames } = context;
  const label = (key: keyof typeof ALARM_FIELD_LABELS) => labelIn(ALARM_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const timeHeader = (key: 'eventTime' | 'endTime') => fill(labelIn(EXPORT_STRINGS.timeIn, language), label(key), zone);
  const customName = (code: number) => customNames.get(code);
  return {
    title: EXPORT_STRINGS.sheetName,
    rows,
    columns: [
      { key: 'vehicle', header: label('vehicle'), width: 16, value: (r) => r.car_name },
      { key: 'plate', header: label('plate'), width: 14, value: (r) => r.lpn },
      { key: 'imei', header: label('imei'), width: 18, value: (r) => r.imei },
      { key: 'line', header: label('line'), width: 16, value: (r) => r.route_name },
      {
        key: 'alarmType',
        header: label('alarmType'),
        width: 28,
        value: (r) => alarmLabel(alarmTextCode(r), language, customName),
      },
      {
        key: 'level',
        header: label('level'),
        width: 10,
        value: (r) => ALARM_LEVELS[r.alarm_level as AlarmLevel]?.[language] ?? String(r.alarm_level),
      },
      { key: 'speed', header: label('speed'), width: 12, value: (r) => r.speed },
      {
        key: 'eventTime',
        header: timeHeader('eventTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => wallClockDate(r.event_time, timeZone),
      },
      {
        key: 'endTime',
        header: timeHeader('endTime'),
        width: 21,
        numFmt: TIME_FORMAT,
        value: (r) => (r.end_time === null ? null : wallClockDate(r.end_time, timeZone)),
      },
      { key: 'lat', header: label('lat'), width: 12, value: (r) => r.lat },
      { key: 'lng', header: label('lng'), width: 12, value: (r) => r.lng },
      {
        key: 'readState',
        header: label('readState'),
        width: 12,
        value: (r) => labelIn(READ_STATE_LABELS[r.is_readed === 1 ? 1 : 0], language),
      },
      { key: 'remark', header: label('remark'), width: 30, value: (r) => r.remark },
      { key: 'readBy', header: label('readBy'), width: 14, value: (r) => r.read_by_name },
    ],
  };
}
