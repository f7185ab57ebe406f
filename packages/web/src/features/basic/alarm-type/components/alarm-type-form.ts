import type { AlarmLevel } from '@headway/spec';
import type { CreatePlatformAlarmBody, PlatformAlarmType, UpdatePlatformAlarmBody } from '../api';

/** Contract limits (CreatePlatformAlarmBody): a name of 1–64 characters, a remark of at most 255. */
export const NAME_MAX = 64;
export const REMARK_MAX = 255;

export interface AlarmTypeFormValues {
  alarm_name: string;
  alarm_level: AlarmLevel;
  remark?: string;
}

export function formValuesOf(editing: PlatformAlarmType | null): AlarmTypeFormValues {
  if (!editing) return { alarm_name: '', alarm_level: 1, remark: '' };
  return {
    alarm_name: editing.alarm_name,
    alarm_level: (editing.alarm_level in { 1: 1, 2: 2, 3: 3 } ? editing.alarm_level : 1) as AlarmLevel,
    remark: editing.remark,
  };
}

/** The create body, or the update body of the type being edited; names and remarks are trimmed. */
export function alarmTypeBody(
  values: AlarmTypeFormValues,
  editing: PlatformAlarmType | null,
): CreatePlatformAlarmBody | UpdatePlatformAlarmBody {
  const body = {
    alarm_name: values.alarm_name.trim(),
    alarm_level: values.alarm_level,
    remark: (values.remark ?? '').trim(),
  };
  return editing?.id ? { id: editing.id, ...body } : body;
}
