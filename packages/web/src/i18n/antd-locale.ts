import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import thTH from 'antd/locale/th_TH';
import zhCN from 'antd/locale/zh_CN';
import type { Language } from './detect';

export const ANTD_LOCALES: Record<Language, Locale> = { en: enUS, zh: zhCN, th: thTH };
