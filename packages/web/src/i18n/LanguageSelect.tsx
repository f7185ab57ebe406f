import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language, normalizeLanguage } from './detect';
import { setLanguage } from './index';

const LABELS: Record<Language, string> = { en: 'English', zh: '简体中文', th: 'ไทย' };

/** Language switcher for the navbar and the login page. */
export function LanguageSelect({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.language) ?? 'en';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: LABELS[lang] })),
        onClick: ({ key }) => void setLanguage(key as Language),
      }}
    >
      <Button
        type="text"
        className={className}
        icon={<TranslationOutlined />}
        aria-label={t('nav.language')}
        data-testid="language-select"
      >
        {LABELS[current]}
      </Button>
    </Dropdown>
  );
}
