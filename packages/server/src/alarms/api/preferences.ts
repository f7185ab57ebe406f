import { type AlarmNotice, defaultAlarmNotice, PLATFORM_ALARMS } from '@headway/spec';
import type { Kysely } from 'kysely';
import type { AlarmPreference } from '../../contract/index.ts';
import { parameterError } from '../../kernel/errors.ts';
import type { Database } from '../../store/schema.ts';
import { customCodes } from './platform-types.ts';
import { alarmApiDb } from './scope.ts';

// Per-user alarm notice preferences (spec section 3 "Per-user alarm preference"). Only what a user changed is
// stored; every other type answers the catalogue's default (defaultAlarmNotice), so a new alarm type reaches
// everyone with its default and a user who never opened the filter dialog still gets the badge and popups.

/** Every type the company knows, in catalogue order then the company's own. */
async function companyCodes(db: Kysely<Database>, companyId: number): Promise<number[]> {
  return [...PLATFORM_ALARMS.map((d) => d.code), ...(await customCodes(db, companyId))];
}

export async function preferencesOf(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
): Promise<AlarmPreference[]> {
  const [codes, stored] = await Promise.all([
    companyCodes(db, companyId),
    alarmApiDb(db)
      .selectFrom('user_alarm_prefs')
      .select(['platform_alarm_id', 'web_notice', 'app_notice', 'mail_notice', 'is_show', 'duration'])
      .where('company_id', '=', companyId)
      .where('user_id', '=', userId)
      .execute(),
  ]);
  const saved = new Map(stored.map((row) => [row.platform_alarm_id, row]));
  return codes.map((code) => {
    const row = saved.get(code);
    const notice: AlarmNotice = row
      ? {
          web_notice: row.web_notice === 1 ? 1 : 0,
          app_notice: row.app_notice === 1 ? 1 : 0,
          mail_notice: row.mail_notice === 1 ? 1 : 0,
          is_show: row.is_show === 1 ? 1 : 0,
          duration: row.duration,
        }
      : defaultAlarmNotice(code);
    return { platform_alarm_id: code, ...notice };
  });
}

/** The codes whose web notice the user turned off: the live list and the badge leave them out. */
export async function webNoticeOff(db: Kysely<Database>, companyId: number, userId: number): Promise<number[]> {
  return (await preferencesOf(db, companyId, userId)).filter((p) => p.web_notice === 1).map((p) => p.platform_alarm_id);
}

/** Rows per upsert: 8 columns × 200 stays far under SQLite's bound-parameter cap. */
const CHUNK = 200;

/**
 * Upserts the given preferences (the rest keep theirs); a code the company does not know → 1004 naming the item.
 * A code sent twice keeps its last entry.
 */
export async function savePreferences(
  db: Kysely<Database>,
  companyId: number,
  userId: number,
  list: readonly AlarmPreference[],
): Promise<void> {
  const known = new Set(await companyCodes(db, companyId));
  const latest = new Map<number, AlarmPreference>();
  list.forEach((item, index) => {
    if (!known.has(item.platform_alarm_id)) {
      throw parameterError(`alarm_list.${index}.platform_alarm_id`, 'unknown alarm type');
    }
    latest.set(item.platform_alarm_id, item);
  });
  const rows = [...latest.values()].map((p) => ({
    user_id: userId,
    company_id: companyId,
    platform_alarm_id: p.platform_alarm_id,
    web_notice: p.web_notice,
    app_notice: p.app_notice,
    mail_notice: p.mail_notice,
    is_show: p.is_show,
    duration: p.duration,
  }));
  if (rows.length === 0) return;
  await alarmApiDb(db)
    .transaction()
    .execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('user_alarm_prefs')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(['user_id', 'platform_alarm_id']).doUpdateSet((eb) => ({
              web_notice: eb.ref('excluded.web_notice'),
              app_notice: eb.ref('excluded.app_notice'),
              mail_notice: eb.ref('excluded.mail_notice'),
              is_show: eb.ref('excluded.is_show'),
              duration: eb.ref('excluded.duration'),
            })),
          )
          .execute();
      }
    });
}
