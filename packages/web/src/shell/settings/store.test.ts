import type { UserConfig } from '@headway/server/contract';
import { describe, expect, it, vi } from 'vitest';
import { defaultSettings, fromUserConfig, toUserConfig } from './model';
import { createSettingsStore, SETTINGS_STORAGE_KEY } from './store';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('settings', () => {
  it('defaults: theme #409EFF, refresh 10 s, Baidu for Chinese and Google otherwise', () => {
    expect(defaultSettings('en')).toMatchObject({ theme: '#409EFF', refreshFrequency: 10, mapType: 'google' });
    expect(defaultSettings('zh').mapType).toBe('baidu');
  });

  it('saves the user-config fields plus a settings object', async () => {
    const save = vi.fn(async (c: UserConfig) => c);
    const storage = memoryStorage();
    const store = createSettingsStore({ save, storage, language: 'en', canSave: () => true });
    await store.getState().update({ theme: '#13C2C2', hide_attendant: true });
    const sent = save.mock.calls[0]![0];
    expect(sent.hide_attendant).toBe(true);
    expect(sent.settings).toMatchObject({ theme: '#13C2C2', menuTheme: 'dark', refreshFrequency: 10 });
    expect(JSON.parse(storage.data.get(SETTINGS_STORAGE_KEY)!).theme).toBe('#13C2C2');
  });

  it('rolls back locally when the server refuses', async () => {
    const storage = memoryStorage();
    const store = createSettingsStore({
      save: async () => {
        throw new Error('1004');
      },
      storage,
      language: 'en',
      canSave: () => true,
    });
    const pending = store.getState().update({ theme: '#F5222D', tagsView: false });
    expect(store.getState().theme).toBe('#F5222D');
    await expect(pending).rejects.toThrow('1004');
    expect(store.getState()).toMatchObject({ theme: '#409EFF', tagsView: true });
    expect(JSON.parse(storage.data.get(SETTINGS_STORAGE_KEY)!).theme).toBe('#409EFF');
  });

  it('keeps local changes without a session and reads them back', async () => {
    const save = vi.fn();
    const storage = memoryStorage();
    const first = createSettingsStore({ save, storage, language: 'en', canSave: () => false });
    await first.getState().update({ size: 'small' });
    expect(save).not.toHaveBeenCalled();
    const second = createSettingsStore({ save, storage, language: 'en', canSave: () => false });
    expect(second.getState().size).toBe('small');
  });

  it('adopts the server config over local values', () => {
    const base = defaultSettings('en');
    const next = fromUserConfig(base, { line_map_type: 1, settings: { menuTheme: 'light', bogus: 1 } });
    expect(next).toMatchObject({ line_map_type: 1, menuTheme: 'light' });
    expect('bogus' in next).toBe(false);
    expect(toUserConfig(next).settings).not.toHaveProperty('line_map_type');
  });
});
