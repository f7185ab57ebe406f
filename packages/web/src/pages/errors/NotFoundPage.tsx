import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage code="404" headline={t('errors.notFoundHeadline')} info={t('errors.notFoundInfo')} />;
}
