import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <ErrorPage code="401" headline={t('errors.unauthorizedHeadline')} info={t('errors.unauthorizedInfo')} />;
}
