import type { UserConfig } from '@headway/server/contract';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { defaultSettings, fromUserConfig, pickSettings, type Settings, toUserConfig } from './model';

export const SETTINGS_STORAGE_KEY = 'headway_settings';

export interface SettingsState extends Settings {
  /**
   * Applies a change at once, saves it locally and to the server; when the server refuses, the previous
   * values come back (spec section 8: "Settings update failure rolls back local config copy").
   */
  update: (patch: Partial<Settings>) => Promise<void>;
  /** Takes the user's server-side config after login. */
  adopt: (config: Partial<UserConfig> | undefined) => void;
}

export interface SettingsDeps {
  save: (config: UserConfig) => Promise<unknown>;
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  language: string;
  /** Whether there is a session to save to; without one only local storage changes. */
  canSave: () => boolean;
}

function readStored(deps: SettingsDeps): Settings {
  const defaults = defaultSettings(deps.language);
  try {
    const raw = deps.storage?.getItem(SETTINGS_STORAGE_KEY);
    return raw ? { ...defaults, ...pickSettings({ ...defaults, ...JSON.parse(raw) }) } : defaults;
  } catch {
    return defaults;
  }
}

export function createSettingsStore(deps: SettingsDeps): StoreApi<SettingsState> {
  const persist = (s: Settings) => {
    try {
      deps.storage?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(pickSettings(s)));
    } catch {
      // Private mode or a full quota: the settings still apply for this visit.
    }
  };
  return createStore<SettingsState>()((set, get) => ({
    ...readStored(deps),
    async update(patch) {
      const previous = pickSettings(get());
      set(patch);
      persist(get());
      if (!deps.canSave()) return;
      try {
        await deps.save(toUserConfig(pickSettings(get())));
      } catch (error) {
        set(previous);
        persist(previous);
        throw error;
      }
    },
    adopt(config) {
      set(fromUserConfig(pickSettings(get()), config));
      persist(get());
    },
  }));
}
