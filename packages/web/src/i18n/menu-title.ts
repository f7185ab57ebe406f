import type { TFunction } from 'i18next';
import type en from './locales/en';

/** The menu titles this console translates: the server's menu catalogue sends these keys (docs/api.md "Menu tree"). */
export type MenuTitleKey = `route.${keyof (typeof en)['route']}`;

/**
 * A menu title in the current language. Titles come from the server at run time, so they cannot be checked by
 * tsc like literal keys: one this console does not know shows as sent (keys.test.ts checks the catalogue's).
 */
export function menuTitle(t: TFunction, title: string | undefined, fallback = ''): string {
  if (!title) return fallback;
  return t(title as MenuTitleKey, { defaultValue: title });
}
