import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, normalizeLanguage } from './detect';
import { setLanguage } from './index';

/**
 * The login page's language choice: the three languages side by side, one click each. The navbar's dropdown
 * (LanguageSelect) would bring antd's Menu and Dropdown, a tenth of the login page's weight, for three buttons.
 */
export function LanguageLinks({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.language) ?? 'en';
  return (
    <nav className={className} aria-label={t('nav.language')} data-testid="language-links">
      {LANGUAGES.map((lang) => (
        <Button
          key={lang}
          type={lang === current ? 'text' : 'link'}
          size="small"
          lang={lang === 'zh' ? 'zh-CN' : lang}
          aria-current={lang === current ? 'true' : undefined}
          onClick={() => lang !== current && void setLanguage(lang)}
          data-testid={`language-${lang}`}
        >
          {LANGUAGE_NAMES[lang]}
        </Button>
      ))}
    </nav>
  );
}
