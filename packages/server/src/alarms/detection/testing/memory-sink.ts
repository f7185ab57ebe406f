import type { SafetyIdent } from '../../body.ts';
import type { NewAlarm } from '../../schema.ts';
import type { AlarmHandle, AlarmSink } from '../sink.ts';

/** The detector's decisions kept in memory: what unit tests and the detection bench look at. */
export class MemorySink implements AlarmSink {
  readonly alarms: { row: NewAlarm; ident: SafetyIdent | undefined; id: number | undefined; endTime: number | null }[] =
    [];
  ends = 0;

  raise(row: NewAlarm, ident?: SafetyIdent): AlarmHandle {
    const entry = { row, ident, id: undefined, endTime: row.end_time ?? null };
    this.alarms.push(entry);
    return entry;
  }

  end(handle: AlarmHandle, endTime: number): void {
    const entry = handle as MemorySink['alarms'][number];
    entry.endTime = endTime;
    this.ends++;
  }

  adopt(id: number, row: NewAlarm): AlarmHandle {
    const entry = { row, ident: undefined, id, endTime: null };
    this.alarms.push(entry);
    return entry;
  }

  clear(): void {
    this.alarms.length = 0;
    this.ends = 0;
  }
}
