import type { Locale } from 'antd/es/locale';
import type { Language } from './detect';

// antd's built-in strings are English already; the others load with their language.
const LOADERS: Record<Language, (() => Promise<Locale>) | null> = {
  en: null,
  zh: () => import('antd/es/locale/zh_CN').then((m) => m.default),
  th: () => import('antd/es/locale/th_TH').then((m) => m.default),
};
const loaded = new Map<Language, Locale>();

export async function loadAntdLocale(lang: Language): Promise<void> {
  const load = LOADERS[lang];
  if (load && !loaded.has(lang)) loaded.set(lang, await load());
}

/** The antd locale of a language loaded by loadAntdLocale; undefined means antd's own English. */
export function antdLocale(lang: Language): Locale | undefined {
  return loaded.get(lang);
}
