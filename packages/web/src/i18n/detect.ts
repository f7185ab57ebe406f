import { LANGUAGES, type Language, languageOf } from '@headway/spec';

export { LANGUAGES, type Language };

/** Each language in its own script, as a language switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '简体中文', th: 'ไทย' };

/** Maps a cookie value or a browser tag (zh-CN, th-TH, en-GB…) to a supported language. */
export const normalizeLanguage = languageOf;

/** Spec: the default language comes from the `language` cookie, then the browser language, else English. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Language {
  const fromCookie = languageOf(cookieValue);
  if (fromCookie) return fromCookie;
  for (const tag of browserLanguages) {
    const lang = languageOf(tag);
    if (lang) return lang;
  }
  return 'en';
}
