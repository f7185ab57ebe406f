import { defaultAlarmNotice, hasPermission, type Language, languageOf } from '@headway/spec';
import type { Kysely } from 'kysely';
import { maskOn } from '../../auth/access.ts';
import { companyTimeZone } from '../../companies/time-zone.ts';
import { lineScopesOf, vehicleLinesOf } from '../../consoles/scope.ts';
import type { RolePermissions } from '../../contract/index.ts';
import { parseJson } from '../../store/json.ts';
import type { Database } from '../../store/schema.ts';
import { SAFETY_SCREEN } from '../api/access.ts';
import type { RaisedAlarm } from '../body.ts';
import { customAlarmNames } from '../export/query.ts';
import { alarmsDb } from '../schema.ts';

// Who is mailed about an alarm: the users of the alarm's company who
//  - are enabled, not expired, and have an e-mail address;
//  - may see alarms at all (view on Safety → Active safety: the screen masks apply to mail as to the console);
//  - have mail notice on for its platform_alarm_id (their saved preference, else the catalogue's default: off);
//  - can see the vehicle: in no console, or in a console holding the vehicle's line (consoles/scope.ts).
// Read per company and reused for a short while (directoryTtlMs): a storm must not query users per alarm.

export interface MailRecipient {
  userId: number;
  email: string;
  userName: string;
  language: Language;
}

export interface CompanyDirectory {
  companyTitle: string;
  timeZone: string;
  customNames: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, MailRecipient>;
  recipientsOf(alarm: RaisedAlarm): MailRecipient[];
}

/**
 * The user's language: user_config.settings.language, which the console's language switch saves with the other
 * display settings (docs/alarms.md "Mail notices"); a top-level user_config.language is honoured too.
 */
export function userLanguage(userConfig: string, fallback: Language): Language {
  const config = parseJson<{ language?: unknown; settings?: { language?: unknown } }>(userConfig, {});
  const tag = config.settings?.language ?? config.language;
  return (typeof tag === 'string' ? languageOf(tag) : null) ?? fallback;
}

async function loadDirectory(
  db: Kysely<Database>,
  companyId: number,
  nowSeconds: number,
  defaultLanguage: Language,
): Promise<CompanyDirectory | undefined> {
  const company = await db
    .selectFrom('companies')
    .select(['name', 'title', 'config'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return undefined;

  const rows = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.id', 'u.email', 'u.user_name', 'u.user_config', 'u.account_expires_at', 'r.role_flag', 'r.permissions'])
    .where('u.company_id', '=', companyId)
    .where('u.state', '=', 0)
    .where('u.email', '!=', '')
    .execute();
  const users = new Map<number, MailRecipient>();
  for (const row of rows) {
    const email = row.email.trim();
    if (!email.includes('@')) continue;
    if (row.account_expires_at !== null && Number(row.account_expires_at) <= nowSeconds) continue;
    const mask = maskOn(
      { roleFlag: row.role_flag, permissions: parseJson<RolePermissions>(row.permissions, {}) },
      SAFETY_SCREEN,
    );
    if (!hasPermission(mask, 'view')) continue;
    users.set(row.id, {
      userId: row.id,
      email,
      userName: row.user_name,
      language: userLanguage(row.user_config, defaultLanguage),
    });
  }

  const ids = [...users.keys()];
  // Only what users saved; an absent row means the catalogue's default (defaultAlarmNotice).
  const mailOn = new Map<number, Set<number>>();
  const mailOff = new Map<number, Set<number>>();
  for (let i = 0; i < ids.length; i += 500) {
    const prefs = await alarmsDb(db)
      .selectFrom('user_alarm_prefs')
      .select(['user_id', 'platform_alarm_id', 'mail_notice'])
      .where('company_id', '=', companyId)
      .where('user_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const p of prefs) {
      const sets = p.mail_notice === 0 ? mailOn : mailOff;
      const set = sets.get(p.platform_alarm_id) ?? new Set<number>();
      sets.set(p.platform_alarm_id, set);
      set.add(p.user_id);
    }
  }
  const scopes = ids.length > 0 ? await lineScopesOf(db, ids, companyId) : new Map<number, Set<number>>();
  const vehicleLines = scopes.size > 0 ? await vehicleLinesOf(db, companyId) : new Map<string, number>();

  return {
    companyTitle: company.title || company.name,
    timeZone: companyTimeZone(company.config),
    customNames: await customAlarmNames(db, companyId),
    users,
    recipientsOf(alarm) {
      const code = alarm.body.platform_alarm_id;
      const candidates =
        defaultAlarmNotice(code).mail_notice === 0
          ? ids.filter((id) => !mailOff.get(code)?.has(id))
          : [...(mailOn.get(code) ?? [])];
      if (candidates.length === 0) return [];
      const line = vehicleLines.get(alarm.body.imei) ?? vehicleLines.get(alarm.terminalPhone);
      const out: MailRecipient[] = [];
      for (const id of candidates) {
        const user = users.get(id);
        if (!user) continue;
        const scope = scopes.get(id);
        if (scope && (line === undefined || !scope.has(line))) continue;
        out.push(user);
      }
      return out;
    },
  };
}

/** Company directories, each read at most once per `ttlMs` (concurrent askers share the read). */
export class RecipientDirectory {
  private readonly cache = new Map<number, { at: number; directory: Promise<CompanyDirectory | undefined> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly defaultLanguage: Language,
    private readonly now: () => number = Date.now,
  ) {}

  get(companyId: number): Promise<CompanyDirectory | undefined> {
    const now = this.now();
    const hit = this.cache.get(companyId);
    if (hit && now - hit.at < this.ttlMs) return hit.directory;
    const directory = loadDirectory(this.db, companyId, Math.floor(now / 1000), this.defaultLanguage);
    this.cache.set(companyId, { at: now, directory });
    // A failed read is not kept: the next alarm tries again.
    directory.catch(() => {
      if (this.cache.get(companyId)?.directory === directory) this.cache.delete(companyId);
    });
    return directory;
  }
}
