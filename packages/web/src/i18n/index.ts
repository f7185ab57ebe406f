import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import 'dayjs/locale/th';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, type Language, normalizeLanguage } from './detect';
import en from './locales/en';
import th from './locales/th';
import zh from './locales/zh';
import './monitoring/register';

export const LANGUAGE_COOKIE = 'language';

dayjs.extend(localizedFormat);

const DAYJS_LOCALES: Record<Language, string> = { en: 'en', zh: 'zh-cn', th: 'th' };

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

const initial = detectLanguage(Cookies.get(LANGUAGE_COOKIE), browserLanguages());

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, zh: { translation: zh }, th: { translation: th } },
  lng: initial,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

function applySideEffects(lang: Language): void {
  dayjs.locale(DAYJS_LOCALES[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}
applySideEffects(initial);

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.language) ?? 'en';
}

export async function setLanguage(lang: Language): Promise<void> {
  Cookies.set(LANGUAGE_COOKIE, lang, { path: '/', expires: 365, sameSite: 'Lax' });
  applySideEffects(lang);
  await i18n.changeLanguage(lang);
}

export default i18n;
