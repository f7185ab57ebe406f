import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ToolWindow } from '../../../windows/ToolWindow';
import type { WindowProps } from '../../../windows/window-kinds';
import { LiveVideoPanel } from './LiveVideoPanel';
import { useCameras } from './use-cameras';

/** The live video dialog (900×680, spec section 4), opened by the info box's "video" button. */
export default function LiveVideoWindow({ vehicle, onClose }: WindowProps['liveVideo'] & { onClose: () => void }) {
  const { t } = useTranslation('video');
  const { cameras, loading } = useCameras(vehicle.imei);
  return (
    <ToolWindow
      open
      width={900}
      centered
      destroyOnHidden
      footer={null}
      onCancel={onClose}
      title={t('video.title', { name: vehicle.car_name })}
      className="hw-video-window"
      data-testid="live-video-window"
    >
      {loading ? (
        <Spin />
      ) : (
        <LiveVideoPanel imei={vehicle.imei} cameras={cameras} initialSplit={cameras.length > 1 ? 4 : 1} />
      )}
    </ToolWindow>
  );
}
