import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { loadAntdLocale } from './antd-locale';
import { detectLanguage, LANGUAGES, type Language, normalizeLanguage } from './detect';
import { bundledMessages } from './messages';
import './types';

export const LANGUAGE_COOKIE = 'language';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const initial = detectLanguage(Cookies.get(LANGUAGE_COOKIE), browserLanguages());

type LanguageAssets = (lang: Language) => Promise<void>;

/** What a language needs besides i18next's own namespaces: antd's strings now, more as lazy parts register. */
const assetLoaders: LanguageAssets[] = [loadAntdLocale];

async function loadLanguageAssets(lang: Language): Promise<void> {
  await Promise.all(assetLoaders.map((load) => load(lang)));
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}

/**
 * For a part loaded later (the shell brings dayjs): from now on every language switch also loads its assets
 * before the page flips. Resolves once those of the current language are in.
 */
export function addLanguageAssets(load: LanguageAssets): Promise<void> {
  assetLoaders.push(load);
  return load(currentLanguage());
}

const initialised = i18n
  .use(bundledMessages)
  .use(initReactI18next)
  .init({
    lng: initial,
    supportedLngs: LANGUAGES,
    // zh and th carry exactly en's keys (i18n/keys.test.ts): a fallback would only download English as well.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });

/** Resolves once the first language's default namespace and antd locale are loaded. */
export const i18nReady: Promise<void> = Promise.all([initialised, loadLanguageAssets(initial)]).then(() => undefined);

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? initial;
}

/**
 * Switches the console's language: loads the new language's namespaces in use (i18next does, for every namespace
 * loaded so far) and its antd and dayjs locales first, so the whole page flips at once; remembered for a year.
 */
export async function setLanguage(lang: Language): Promise<void> {
  Cookies.set(LANGUAGE_COOKIE, lang, { path: '/', expires: 365, sameSite: 'Lax' });
  await loadLanguageAssets(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
