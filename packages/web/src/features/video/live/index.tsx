import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VehiclePicker } from '../VehiclePicker';
import type { PickVehicle } from '../vehicle-list';
import { LiveVideoPanel } from './LiveVideoPanel';
import { useCameras } from './use-cameras';
import '../video.css';

/** Monitoring → Live video (screen MonitoringVideo): the vehicle list on the left, the dialog's grid on the right. */
export default function LiveVideoPage() {
  const { t } = useTranslation('video');
  const [vehicle, setVehicle] = useState<PickVehicle | null>(null);
  const { cameras, loading } = useCameras(vehicle?.imei ?? null);
  return (
    <div className="hw-video-page" data-testid="live-video-page">
      <VehiclePicker value={vehicle} onChange={setVehicle} />
      <section className="hw-video-page__main" aria-label={t('video.channels')}>
        {!vehicle ? (
          <Empty description={t('video.pickVehicle')} />
        ) : loading ? (
          <Spin />
        ) : (
          <LiveVideoPanel imei={vehicle.imei} cameras={cameras} initialSplit={4} />
        )}
      </section>
    </div>
  );
}
