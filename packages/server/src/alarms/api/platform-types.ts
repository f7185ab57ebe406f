import { CUSTOM_ALARM_CODE_MIN, PLATFORM_ALARMS } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { PlatformAlarmType } from '../../contract/index.ts';
import type { Language } from '../../kernel/language.ts';
import type { Database } from '../../store/schema.ts';
import { alarmApiDb } from './scope.ts';

// The platform alarm catalogue as one company sees it: the built-in types of @headway/spec in the caller's
// language, then the company's own (group 200, custom_alarm_types). A type is addressed by its code everywhere.

export function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

export function builtInTypes(language: Language): PlatformAlarmType[] {
  return PLATFORM_ALARMS.map((def) => ({
    id: def.code,
    platform_alarm_id: def.code,
    group_id: def.group,
    alarm_name: def.label[language],
    alarm_level: def.level,
    built_in: true,
    remark: '',
  }));
}

export async function customTypes(db: Kysely<Database>, companyId: number): Promise<PlatformAlarmType[]> {
  const rows = await alarmApiDb(db)
    .selectFrom('custom_alarm_types')
    .select(['platform_alarm_id', 'group_id', 'alarm_name', 'alarm_level', 'remark'])
    .where('company_id', '=', companyId)
    .orderBy('platform_alarm_id')
    .execute();
  return rows.map((r) => ({ id: r.platform_alarm_id, ...r, built_in: false }));
}

export async function customCodes(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const rows = await alarmApiDb(db)
    .selectFrom('custom_alarm_types')
    .select('platform_alarm_id')
    .where('company_id', '=', companyId)
    .execute();
  return rows.map((r) => r.platform_alarm_id);
}

export async function platformAlarmTypes(
  db: Kysely<Database>,
  companyId: number,
  language: Language,
  groupId?: number,
): Promise<PlatformAlarmType[]> {
  const all = [...builtInTypes(language), ...(await customTypes(db, companyId))];
  return groupId === undefined ? all : all.filter((t) => t.group_id === groupId);
}

export async function customType(
  db: Kysely<Database>,
  companyId: number,
  code: number,
): Promise<PlatformAlarmType | undefined> {
  return (await customTypes(db, companyId)).find((t) => t.platform_alarm_id === code);
}

/** Another own type of the company already has this name, ignoring case; `exceptCode` is the one being edited. */
export async function alarmNameTaken(
  db: Kysely<Database>,
  companyId: number,
  name: string,
  exceptCode?: number,
): Promise<boolean> {
  const row = await alarmApiDb(db)
    .selectFrom('custom_alarm_types')
    .select('platform_alarm_id')
    .where('company_id', '=', companyId)
    .where('name_key', '=', nameKey(name))
    .$if(exceptCode !== undefined, (q) => q.where('platform_alarm_id', '!=', exceptCode ?? 0))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The next code for an own type: above every own type's and above every code the company's stored alarms carry,
 * so a deleted type's code is never given to a new one (its old alarms would take the new name).
 */
export async function nextCustomCode(db: Kysely<Database>, companyId: number): Promise<number> {
  const adb = alarmApiDb(db);
  const [types, alarms] = await Promise.all([
    adb
      .selectFrom('custom_alarm_types')
      .select((eb) => eb.fn.max('platform_alarm_id').as('top'))
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    adb
      .selectFrom('alarms')
      .select((eb) => eb.fn.max('platform_alarm_id').as('top'))
      .where('company_id', '=', companyId)
      .where('platform_alarm_id', '>=', CUSTOM_ALARM_CODE_MIN)
      .executeTakeFirst(),
  ]);
  const top = Math.max(CUSTOM_ALARM_CODE_MIN - 1, Number(types?.top ?? 0), Number(alarms?.top ?? 0));
  return top + 1;
}
