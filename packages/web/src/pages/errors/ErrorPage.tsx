import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function ErrorPage({ code, headline, info }: { code: string; headline: string; info: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="hw-error-page">
      <div className="hw-error-page__code">{code}</div>
      <div className="hw-error-page__text">
        <div className="hw-error-page__headline" data-testid="error-headline">
          {headline}
        </div>
        <div className="hw-error-page__info">{info}</div>
        <Button type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('errors.backHome')}
        </Button>
      </div>
    </div>
  );
}
