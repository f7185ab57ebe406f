import { type Language, languageOf } from '@headway/spec';

// Mail notices' settings (docs/alarms.md "Mail notices"), read once with the rest of the environment (config.ts).
// Off unless HEADWAY_SMTP_URL names a server.

export interface AlarmMailConfig {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; undefined: mail notices are off. */
  smtpUrl: string | undefined;
  /** The From address; by default the SMTP user when it is an address, else noreply@<smtp host>. */
  from: string | undefined;
  /** A recipient gets at most one mail per window: what arrives meanwhile goes out together as a digest. */
  windowMs: number;
  /** The first alarm after a quiet window waits this long, so an alarm burst starts as one mail, not two. */
  firstDelayMs: number;
  /** Mails per recipient per hour; beyond it the digest keeps collecting until the hour frees a place. */
  maxPerHour: number;
  /** Alarms listed in one mail; the rest are counted ("and 450 more"). */
  maxRows: number;
  /** A failed mail is tried once more after this long, then dropped (logged both times). */
  retryDelayMs: number;
  /** For users whose language the server does not know (user_config.settings.language unset). */
  defaultLanguage: Language;
  /** How long a company's recipients, preferences and scopes are reused before they are read again. */
  directoryTtlMs: number;
  /** Alarms waiting to be routed to recipients; past it new ones are dropped (counted in the log). */
  maxQueued: number;
}

export const DEFAULT_ALARM_MAIL: AlarmMailConfig = {
  smtpUrl: undefined,
  from: undefined,
  windowMs: 60_000,
  firstDelayMs: 5_000,
  maxPerHour: 20,
  maxRows: 50,
  retryDelayMs: 120_000,
  defaultLanguage: 'en',
  directoryTtlMs: 30_000,
  maxQueued: 100_000,
};

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** HEADWAY_SMTP_URL, HEADWAY_MAIL_FROM, HEADWAY_MAIL_WINDOW_SECONDS, HEADWAY_MAIL_MAX_PER_HOUR, HEADWAY_MAIL_LANGUAGE. */
export function alarmMailConfigFrom(env: NodeJS.ProcessEnv): AlarmMailConfig {
  const smtpUrl = env.HEADWAY_SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // Not echoed: the URL may hold the SMTP password.
      throw new Error('HEADWAY_SMTP_URL is not a URL (smtp://user:pass@host:port or smtps://…)');
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') {
      throw new Error(`HEADWAY_SMTP_URL must start with smtp:// or smtps://, got ${protocol}//`);
    }
  }
  const language = env.HEADWAY_MAIL_LANGUAGE;
  if (language && !languageOf(language))
    throw new Error(`HEADWAY_MAIL_LANGUAGE must be en, zh or th, got "${language}"`);
  return {
    ...DEFAULT_ALARM_MAIL,
    smtpUrl,
    from: env.HEADWAY_MAIL_FROM?.trim() || undefined,
    windowMs: positive('HEADWAY_MAIL_WINDOW_SECONDS', env.HEADWAY_MAIL_WINDOW_SECONDS, 60) * 1000,
    maxPerHour: positive('HEADWAY_MAIL_MAX_PER_HOUR', env.HEADWAY_MAIL_MAX_PER_HOUR, DEFAULT_ALARM_MAIL.maxPerHour),
    defaultLanguage: languageOf(language) ?? 'en',
  };
}
