import type { Writable } from 'node:stream';
import { ALARM_LEVELS, type AlarmLevel, alarmLabel, alarmTextCode, type Language, labelIn } from '@headway/spec';
import { describeTimeZone, wallClockDate } from '../../companies/time-zone.ts';
import { startSheet } from '../../exports/workbook-reply.ts';
import type { ExportedAlarm } from './query.ts';
import { ALARM_FIELD_LABELS, EXPORT_STRINGS, fill, READ_STATE_LABELS } from './strings.ts';

// The alarm export as one .xlsx sheet, written row by row with exceljs' streaming writer: each row is committed
// to the zip stream as it comes, so memory stays flat however many rows (up to the route's cap) go out.

export interface WorkbookContext {
  language: Language;
  timeZone: string;
  customNames: ReadonlyMap<number, string>;
  /** The moment the export is made (names the zone's offset in the time headers). */
  now: number;
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export async function writeAlarmWorkbook(
  out: Writable,
  rows: AsyncIterable<ExportedAlarm>,
  context: WorkbookContext,
): Promise<number> {
  const { language, timeZone, customNames } = context;
  const label = (key: keyof typeof ALARM_FIELD_LABELS) => labelIn(ALARM_FIELD_LABELS[key], language);
  const zone = describeTimeZone(timeZone, context.now);
  const timeHeader = (key: 'eventTime' | 'endTime') => fill(labelIn(EXPORT_STRINGS.timeIn, language), label(key), zone);

  const { workbook, sheet } = startSheet(out, labelIn(EXPORT_STRINGS.sheetName, language), [
    { header: label('vehicle'), key: 'vehicle', width: 16 },
    { header: label('plate'), key: 'plate', width: 14 },
    { header: label('imei'), key: 'imei', width: 18 },
    { header: label('line'), key: 'line', width: 16 },
    { header: label('alarmType'), key: 'alarmType', width: 28 },
    { header: label('level'), key: 'level', width: 10 },
    { header: label('speed'), key: 'speed', width: 12 },
    { header: timeHeader('eventTime'), key: 'eventTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: timeHeader('endTime'), key: 'endTime', width: 21, style: { numFmt: TIME_FORMAT } },
    { header: label('lat'), key: 'lat', width: 12 },
    { header: label('lng'), key: 'lng', width: 12 },
    { header: label('readState'), key: 'readState', width: 12 },
    { header: label('remark'), key: 'remark', width: 30 },
    { header: label('readBy'), key: 'readBy', width: 14 },
  ]);

  const customName = (code: number) => customNames.get(code);
  let count = 0;
  for await (const r of rows) {
    const level = ALARM_LEVELS[r.alarm_level as AlarmLevel];
    sheet
      .addRow({
        vehicle: r.car_name,
        plate: r.lpn,
        imei: r.imei,
        line: r.route_name,
        alarmType: alarmLabel(alarmTextCode(r), language, customName),
        level: level ? level[language] : String(r.alarm_level),
        speed: r.speed,
        eventTime: wallClockDate(r.event_time, timeZone),
        endTime: r.end_time === null ? null : wallClockDate(r.end_time, timeZone),
        lat: r.lat,
        lng: r.lng,
        readState: labelIn(READ_STATE_LABELS[r.is_readed === 1 ? 1 : 0], language),
        remark: r.remark,
        readBy: r.read_by_name,
      })
      .commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
