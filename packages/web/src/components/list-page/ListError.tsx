import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../../api/errors';
import { codeMessage } from '../../api/react-to-failure';
import './list-page.css';

/**
 * What a list shows in place of its rows when the request failed: the toast that said why fades after 5 s, a
 * bare "No data" would then look like an empty company, so the reason stays with a way to try again.
 */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason =
    error instanceof ApiError
      ? error.code === NETWORK_ERROR
        ? t('request.networkError')
        : codeMessage(error.code, error.message)
      : undefined;
  return (
    <div className="hw-list-error" role="alert" data-testid="list-error">
      <WarningOutlined className="hw-list-error__icon" />
      <div className="hw-list-error__title">{t('list.loadFailed')}</div>
      {reason && <div className="hw-list-error__reason">{reason}</div>}
      <Button icon={<ReloadOutlined />} onClick={onRetry} data-testid="list-retry">
        {t('list.retry')}
      </Button>
    </div>
  );
}
