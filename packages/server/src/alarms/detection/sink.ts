import type { SafetyIdent } from '../body.ts';
import type { NewAlarm } from '../schema.ts';

/** An alarm the detector raised and may end later; what the sink (the writer) keeps to find its row again. */
export interface AlarmHandle {
  readonly row: NewAlarm;
}

/**
 * Where the detector's decisions go: the batched writer (alarms/writer.ts) in the server, a list in tests.
 * The detector never waits: `raise` returns at once with a handle, and `end` may come before the row is stored.
 */
export interface AlarmSink {
  /** A new alarm (its `end_time` already set when it is instant). */
  raise(row: NewAlarm, ident?: SafetyIdent): AlarmHandle;
  /** The condition of an open alarm is over. */
  end(handle: AlarmHandle, endTime: number): void;
  /** An alarm stored before a restart and still open, taken back under its id. */
  adopt(id: number, row: NewAlarm): AlarmHandle;
}
