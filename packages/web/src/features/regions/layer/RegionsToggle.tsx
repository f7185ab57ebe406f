import { EnvironmentOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegionsVisible } from './regions-visible';

export interface RegionsToggleProps {
  /** The surrounding toolbar's button size. */
  size?: 'small' | 'middle';
}

/** The maps' "regions" switch (issue 15): draws every region the user sees, remembered per user. */
export function RegionsToggle({ size }: RegionsToggleProps) {
  const { t } = useTranslation('regions');
  const [visible, setVisible] = useRegionsVisible();
  return (
    <Tooltip title={t('regions.layer.toggle')}>
      <Button
        size={size}
        icon={<EnvironmentOutlined />}
        type={visible ? 'primary' : 'default'}
        aria-pressed={visible}
        aria-label={t('regions.layer.toggle')}
        onClick={() => setVisible(!visible)}
        data-testid="regions-toggle"
      />
    </Tooltip>
  );
}
