import { FontSizeOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { DisplaySettings } from '../settings/model';
import { settingsStore, useSettings } from '../settings/use-settings';
import { REDIRECT_PREFIX } from '../view-host/RedirectPage';

const SIZES: DisplaySettings['size'][] = ['large', 'middle', 'small'];

/** antd component size; a change refreshes the current page through /redirect (spec section 4). */
export function SizeSelect() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const size = useSettings((s) => s.size);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: <span data-testid={`size-${s}`}>{t(`size.${s}`)}</span> })),
        onClick: ({ key }) => {
          void settingsStore
            .getState()
            .update({ size: key as DisplaySettings['size'] })
            .catch(() => undefined);
          message.success(t('size.switched'));
          navigate(`${REDIRECT_PREFIX}${pathname}${search}`, { replace: true });
        },
      }}
    >
      <Button
        type="text"
        title={t('size.title')}
        aria-label={t('size.title')}
        icon={<FontSizeOutlined />}
        data-testid="size-select"
      />
    </Dropdown>
  );
}
