import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language, normalizeLanguage } from './detect';
import { setLanguage } from './index';

/** The navbar's language switcher (the login page has LanguageLinks). */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.language) ?? 'en';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        // The visible name is part of the accessible one (WCAG 2.5.3 "label in name").
        aria-label={`${t('nav.language')}: ${LANGUAGE_NAMES[current]}`}
        data-testid="language-select"
      >
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
