import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown in place of a menu screen whose view path has no module in this build (spec: module-not-found). */
export function ModuleNotFound({ name }: { name: string }) {
  const { t } = useTranslation();
  return <Result status="warning" title={t('errors.moduleNotFound', { name })} />;
}
