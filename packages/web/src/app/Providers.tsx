import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Feedback, setFeedback } from '../api/feedback';
import { ANTD_LOCALES } from '../i18n/antd-locale';
import { normalizeLanguage } from '../i18n/detect';
import { useSettings } from '../shell/settings/use-settings';

const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', 'Noto Sans Thai', Loma, Tahoma, sans-serif";

function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => {
    const api: Feedback = { message, modal, notification };
    setFeedback(api);
    return () => setFeedback(null);
  }, [message, modal, notification]);
  return null;
}

/** antd locale, component size and theme colour follow the language and the user's settings. */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = normalizeLanguage(i18n.language) ?? 'en';
  const primary = useSettings((s) => s.theme);
  const size = useSettings((s) => s.size);

  useEffect(() => {
    document.documentElement.style.setProperty('--hw-primary', primary);
  }, [primary]);

  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      componentSize={size}
      theme={{
        algorithm: antdTheme.defaultAlgorithm,
        token: { colorPrimary: primary, colorInfo: primary, borderRadius: 4, fontFamily: FONT, fontSize: 13 },
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
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
