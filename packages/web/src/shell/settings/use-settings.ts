import type { UserConfig } from '@headway/server/contract';
import { useStore } from 'zustand';
import { http } from '../../api/client';
import { readSession } from '../../auth/session-cookie';
import { currentLanguage } from '../../i18n';
import { createSettingsStore, type SettingsState } from './store';

export const settingsStore = createSettingsStore({
  save: (config) => http.put<UserConfig>('/owner/user/config', config),
  storage: typeof localStorage === 'undefined' ? null : localStorage,
  language: currentLanguage(),
  canSave: () => readSession() !== null,
});

export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}
