export const LANGUAGES = ['en', 'zh', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language in its own script, as a language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文', th: 'ไทย' };

/** Maps a cookie value or a browser tag (zh-CN, th-TH, en-GB…) to a supported language. */
export function normalizeLanguage(tag: string | undefined | null): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : null;
}

/** Spec: the default language comes from the `language` cookie, then the browser language, else English. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Language {
  const fromCookie = normalizeLanguage(cookieValue);
  if (fromCookie) return fromCookie;
  for (const tag of browserLanguages) {
    const lang = normalizeLanguage(tag);
    if (lang) return lang;
  }
  return 'en';
}
