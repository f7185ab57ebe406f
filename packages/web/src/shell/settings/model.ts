import type { UserConfig } from '@headway/server/contract';
import { DEFAULT_USER_CONFIG } from '@headway/spec';

export type MapType = 'baidu' | 'google' | 'osm' | 'amap';
export const MAP_TYPES: readonly MapType[] = ['baidu', 'google', 'osm', 'amap'];
export const REFRESH_FREQUENCIES = [5, 10, 15, 30] as const;
export const TABLE_LAYOUTS = ['8-8-8', '6-12-6', '4-10-10'] as const;
export const ALARM_SOUNDS = ['alarm.mp3', 'maonv.mp3', 'police.wav'] as const;
export const THEME_PRESETS = ['#409EFF', '#1677FF', '#13C2C2', '#52C41A', '#FA8C16', '#F5222D', '#722ED1', '#304156'];

/** Console display settings (spec "Settings"); saved locally and under user_config.settings. */
export interface DisplaySettings {
  theme: string;
  menuTheme: 'light' | 'dark';
  tagsView: boolean;
  size: 'large' | 'middle' | 'small';
  mapType: MapType;
  markerClusterer: boolean;
  refreshFrequency: (typeof REFRESH_FREQUENCIES)[number];
  vehicleTreeGroupBy: 'pid' | 'group_by_route_code';
  /** Index into TABLE_LAYOUTS. */
  tableLayout: 0 | 1 | 2;
  debug: boolean;
}

export type UserConfigFields = Omit<UserConfig, 'settings'>;
export type Settings = DisplaySettings & UserConfigFields;

const DEFAULT_THEME = '#409EFF';

export function defaultSettings(language: string): Settings {
  const { settings: _ignored, ...config } = DEFAULT_USER_CONFIG;
  return {
    theme: DEFAULT_THEME,
    menuTheme: 'dark',
    tagsView: true,
    size: 'middle',
    // Spec section 9: Baidu for Chinese, Google otherwise.
    mapType: language === 'zh' ? 'baidu' : 'google',
    markerClusterer: true,
    refreshFrequency: 10,
    vehicleTreeGroupBy: 'pid',
    tableLayout: 0,
    debug: false,
    ...config,
  };
}

const DISPLAY_KEYS: readonly (keyof DisplaySettings)[] = [
  'theme',
  'menuTheme',
  'tagsView',
  'size',
  'mapType',
  'markerClusterer',
  'refreshFrequency',
  'vehicleTreeGroupBy',
  'tableLayout',
  'debug',
];
const CONFIG_KEYS = Object.keys(DEFAULT_USER_CONFIG).filter((k) => k !== 'settings') as (keyof UserConfigFields)[];

export function pickSettings(source: Settings): Settings {
  const out = {} as Record<string, unknown>;
  for (const key of [...DISPLAY_KEYS, ...CONFIG_KEYS]) out[key] = source[key];
  return out as unknown as Settings;
}

/** The body of PUT /owner/user/config: the user-config fields plus the display settings object. */
export function toUserConfig(settings: Settings): UserConfig {
  const config = {} as Record<string, unknown>;
  for (const key of CONFIG_KEYS) config[key] = settings[key];
  const display = {} as Record<string, unknown>;
  for (const key of DISPLAY_KEYS) display[key] = settings[key];
  return { ...(config as UserConfigFields), settings: display };
}

/** Server user_config (with its settings object) over local values; unknown keys are ignored. */
export function fromUserConfig(base: Settings, config: Partial<UserConfig> | undefined): Settings {
  if (!config) return base;
  const next = { ...base } as Record<string, unknown>;
  for (const key of CONFIG_KEYS) if (config[key] !== undefined) next[key] = config[key];
  const display = config.settings ?? {};
  for (const key of DISPLAY_KEYS) if (display[key] !== undefined) next[key] = display[key];
  return next as unknown as Settings;
}
