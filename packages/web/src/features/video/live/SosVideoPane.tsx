import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { LiveVideoPanel } from './LiveVideoPanel';
import { useCameras } from './use-cameras';

/**
 * The SOS window's left pane (spec section 4 "SOS alarm modal: live video of vehicle channels on the left"): every
 * camera of the vehicle opens at once in the smallest grid that holds them, with each window's own tools.
 */
export default function SosVideoPane({ imei }: { imei: string }) {
  const { t } = useTranslation('video');
  const { cameras, loading } = useCameras(imei);
  return (
    <section className="hw-sos__video" aria-label={t('video.sos.title')} data-testid="sos-video">
      {loading ? <Spin /> : <LiveVideoPanel imei={imei} cameras={cameras} autoOpenAll compact initialSplit={1} />}
    </section>
  );
}
