import type { AlarmPreference } from '@headway/server/contract';
import {
  ALARM_GROUP_IDS,
  ALARM_GROUPS,
  type AlarmGroupId,
  alarmLabel,
  CUSTOM_ALARM_GROUP,
  defaultAlarmNotice,
  type Language,
  PLATFORM_ALARMS,
  platformAlarm,
} from '@headway/spec';

// The alarm filter dialog's model (spec section 2: a tree of alarm groups and types with per-type web_notice,
// app_notice, mail_notice, is_show and duration). The notices are 0 on / 1 off, is_show 1 on (spec section 3);
// the dialog shows every flag as a switch that is on when the notice or popup is.

export type NoticeFlag = 'web_notice' | 'app_notice' | 'mail_notice' | 'is_show';
export const NOTICE_FLAGS: readonly NoticeFlag[] = ['web_notice', 'app_notice', 'mail_notice', 'is_show'];

export function isOn(preference: AlarmPreference, flag: NoticeFlag): boolean {
  return flag === 'is_show' ? preference.is_show === 1 : preference[flag] === 0;
}

export function withFlag(preference: AlarmPreference, flag: NoticeFlag, on: boolean): AlarmPreference {
  const value = flag === 'is_show' ? (on ? 1 : 0) : on ? 0 : 1;
  return { ...preference, [flag]: value };
}

/** Whole seconds, never negative (spec: duration minimum 0, step 1). */
export function withDuration(preference: AlarmPreference, seconds: number | null): AlarmPreference {
  const duration = Math.max(0, Math.round(seconds ?? 0));
  return { ...preference, duration };
}

/** The saved preferences by code, with the catalogue's default for every type the user never saved. */
export function preferencesByCode(
  saved: readonly AlarmPreference[],
  customCodes: Iterable<number> = [],
): Map<number, AlarmPreference> {
  const out = new Map<number, AlarmPreference>();
  const fill = (code: number) => out.set(code, { platform_alarm_id: code, ...defaultAlarmNotice(code) });
  for (const d of PLATFORM_ALARMS) fill(d.code);
  for (const code of customCodes) fill(code);
  for (const p of saved) out.set(p.platform_alarm_id, { ...p });
  return out;
}

export function groupOf(code: number): AlarmGroupId {
  return platformAlarm(code)?.group ?? CUSTOM_ALARM_GROUP;
}

export interface TreeRow {
  key: string;
  name: string;
  /** A type's code; absent on a group row. */
  code?: number;
  group: AlarmGroupId;
  children?: TreeRow[];
}

/** Groups in the catalogue's order, each with its types in code order; empty groups are left out. */
export function preferenceTree(
  codes: Iterable<number>,
  lang: Language,
  customName: (code: number) => string | undefined,
): TreeRow[] {
  const byGroup = new Map<AlarmGroupId, number[]>();
  for (const code of codes) {
    const group = groupOf(code);
    const list = byGroup.get(group) ?? [];
    list.push(code);
    byGroup.set(group, list);
  }
  return ALARM_GROUP_IDS.flatMap((group) => {
    const list = byGroup.get(group);
    if (!list?.length) return [];
    return [
      {
        key: `g${group}`,
        name: ALARM_GROUPS[group][lang],
        group,
        children: list
          .sort((a, b) => a - b)
          .map((code) => ({ key: `t${code}`, name: alarmLabel(code, lang, customName), code, group })),
      },
    ];
  });
}

/** A group's switch: on when every type of it is, mixed when some are. */
export function groupState(
  preferences: ReadonlyMap<number, AlarmPreference>,
  codes: readonly number[],
  flag: NoticeFlag,
): 'on' | 'off' | 'mixed' {
  let on = 0;
  for (const code of codes) {
    const p = preferences.get(code);
    if (p && isOn(p, flag)) on++;
  }
  return on === 0 ? 'off' : on === codes.length ? 'on' : 'mixed';
}

/** The body of POST /owner/user/alarm: every type's preference, in code order. */
export function savePayload(preferences: ReadonlyMap<number, AlarmPreference>): { alarm_list: AlarmPreference[] } {
  return {
    alarm_list: [...preferences.values()]
      .sort((a, b) => a.platform_alarm_id - b.platform_alarm_id)
      .map(({ platform_alarm_id, web_notice, app_notice, mail_notice, is_show, duration }) => ({
        platform_alarm_id,
        web_notice,
        app_notice,
        mail_notice,
        is_show,
        duration,
      })),
  };
}
