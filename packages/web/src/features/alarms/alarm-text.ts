import { alarmLabel, alarmTextCode, CUSTOM_ALARM_GROUP } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../i18n/detect';
import { alarmApi } from './api';

type TextFields = { device_type: string; alarm_type: number; platform_alarm_id: number };

/** The console language as the catalogue's labels are keyed. */
export function useAlarmLanguage() {
  const { i18n } = useTranslation();
  return normalizeLanguage(i18n.language) ?? 'en';
}

/** The query of the company's alarm types in `lang` (their names are data, in the language they were read in). */
export const platformTypesKey = (lang: string) => ['alarms', 'platform-types', lang] as const;

/** Names of the company's own types (group 200), in the caller's language, by code. */
export function useCustomAlarmNames(): ReadonlyMap<number, string> {
  const lang = useAlarmLanguage();
  const types = useQuery({
    queryKey: platformTypesKey(lang),
    queryFn: alarmApi.platformTypes,
    staleTime: 10 * 60_000,
  });
  return useMemo(
    () =>
      new Map(
        (types.data?.rows ?? [])
          .filter((t) => !t.built_in || t.group_id === CUSTOM_ALARM_GROUP)
          .map((t) => [t.platform_alarm_id, t.alarm_name]),
      ),
    [types.data],
  );
}

/** Words an alarm type by code: the catalogue's label, a custom type's name, or the bare code. */
export function useAlarmCodeLabel(): (code: number) => string {
  const lang = useAlarmLanguage();
  const names = useCustomAlarmNames();
  return useCallback((code: number) => alarmLabel(code, lang, (c) => names.get(c)), [lang, names]);
}

/**
 * Words an alarm by the spec's text rule (section 4): the alarm type for ADAS, DSM and FM devices, the
 * platform_alarm_id for every other (`alarmTextCode`).
 */
export function useAlarmText(): (alarm: TextFields) => string {
  const label = useAlarmCodeLabel();
  return useCallback((alarm: TextFields) => label(alarmTextCode(alarm)), [label]);
}
