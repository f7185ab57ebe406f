import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import type { Language } from './detect';
import { addLanguageAssets } from './index';

dayjs.extend(localizedFormat);

// Each locale file registers itself with dayjs when loaded; English is built in.
const LOCALES: Record<Language, { name: string; load: (() => Promise<unknown>) | null }> = {
  en: { name: 'en', load: null },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  th: { name: 'th', load: () => import('dayjs/locale/th') },
};

async function applyDayjsLocale(lang: Language): Promise<void> {
  const { name, load } = LOCALES[lang];
  await load?.();
  dayjs.locale(name);
}

/** Loaded with the shell (app/lazy-screens.ts): dayjs follows the console's language from then on. */
export const dayjsLocaleReady: Promise<void> = addLanguageAssets(applyDayjsLocale);
