import { theme as antdTheme, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { antdLocale } from '../i18n/antd-locale';
import { normalizeLanguage } from '../i18n/detect';
import { readableShade } from '../shell/settings/readable-shade';
import { useSettings } from '../shell/settings/use-settings';

/**
 * antd's status colours at readable shades, like the theme colour: red carries the delete and force-offline links,
 * green and orange the text of status tags on their light tints (hence the margin over 4.5:1).
 */
const DANGER = readableShade('#FF4D4F', 4.6);
const SUCCESS = readableShade('#52C41A', 4.9);
const WARNING = readableShade('#FAAD14', 4.9);

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans Thai', Loma, Tahoma, sans-serif";

/**
 * antd locale, component size and theme colour follow the language and the user's settings. The locale of a
 * language is loaded by setLanguage before i18next switches, so it is there when this re-renders.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language) ?? 'en';
  // The chosen colour at a shade white text reads on (WCAG AA); the setting keeps the user's own (readable-shade.ts).
  const primary = readableShade(useSettings((s) => s.theme));
  const size = useSettings((s) => s.size);

  useEffect(() => {
    document.documentElement.style.setProperty('--hw-primary', primary);
  }, [primary]);

  return (
    <ConfigProvider
      locale={antdLocale(lang)}
      componentSize={size}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: {
          colorPrimary: primary,
          colorInfo: primary,
          colorError: DANGER,
          colorSuccess: SUCCESS,
          colorWarning: WARNING,
          // The tints behind status tags stay antd's light ones (derived from the darker shades they turn grey).
          colorSuccessBg: '#F6FFED',
          colorWarningBg: '#FFFBE6',
          colorErrorBg: '#FFF2F0',
          // antd's grey texts (breadcrumb, descriptions, secondary text, placeholders) reach 4.5:1 (WCAG AA).
          colorTextTertiary: 'rgba(0, 0, 0, 0.55)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          borderRadius: 4,
          fontFamily: FONT,
          fontSize: 13,
        },
        components: {
          Menu: {
            darkItemBg: '#1f2a37',
            darkSubMenuItemBg: '#17202b',
            darkPopupBg: '#1f2a37',
            itemHeight: 44,
          },
          Table: { headerBg: '#f5f7fa', cellPaddingBlockSM: 6 },
        },
      }}
    >
      {children}
    </ConfigProvider>
  );
}
