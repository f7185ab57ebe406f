import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../../../windows/window-kinds';
import { PreviewTab } from './PreviewTab';
import { TakeTab } from './TakeTab';
import './snapshot.css';
import { ToolWindow } from '../../../windows/ToolWindow';

/** The device snapshot window (900×600, spec section 4 "Snapshot modal"): take a picture, or page through past ones. */
export default function SnapshotWindow({ vehicle, onClose }: WindowProps['snapshot'] & { onClose: () => void }) {
  const { t } = useTranslation('commands');
  return (
    <ToolWindow
      open
      width={900}
      centered
      destroyOnHidden
      footer={null}
      onCancel={onClose}
      title={t('commands.snapshot.title', { name: vehicle.car_name })}
      styles={{ body: { height: 540 } }}
      data-testid="snapshot-window"
    >
      <Tabs
        size="small"
        items={[
          { key: 'take', label: t('commands.snapshot.take'), children: <TakeTab vehicle={vehicle} /> },
          {
            key: 'preview',
            label: <span data-testid="snapshot-tab-preview">{t('commands.snapshot.preview')}</span>,
            children: <PreviewTab vehicle={vehicle} />,
          },
        ]}
      />
    </ToolWindow>
  );
}
