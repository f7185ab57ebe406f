import { DownloadOutlined } from '@ant-design/icons';
import type { AlarmBody } from '@headway/server/contract';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmPermission } from '../access';
import { useAlarmText } from '../alarm-text';
import { hasPosition } from './AlarmHeader';
import { AlarmModalFrame } from './AlarmModalFrame';
import { evidenceApi, saveBinary } from './api';
import { EvidencePanel } from './EvidencePanel';
import { EvidenceMap } from './map/EvidenceMap';
import { MarkerLayer } from './map/MarkerLayer';
import { filesOf, useEvidence } from './use-evidence';

export interface AlarmModalProps {
  alarm: AlarmBody;
  onClose: () => void;
}

/**
 * One alarm with its evidence (spec section 4 "Alarm modal"): the header, the images and the clip the vehicle
 * uploaded (asked for while the dialog is open), the place on a map, and every file as one zip.
 */
export default function AlarmModal({ alarm, onClose }: AlarmModalProps) {
  const { t } = useTranslation('safety');
  const { message } = App.useApp();
  const canExport = useAlarmPermission('export');
  const canRequest = useAlarmPermission('edit');
  const text = useAlarmText();
  const evidence = useEvidence(alarm, canRequest);
  const [zipping, setZipping] = useState(false);
  const title = text(alarm);
  const markers = useMemo(
    () => [{ key: 'alarm', kind: 'alarm' as const, lng: alarm.lng, lat: alarm.lat }],
    [alarm.lng, alarm.lat],
  );

  async function exportZip() {
    setZipping(true);
    try {
      saveBinary(await evidenceApi.zip(alarm.alarm_key), `${alarm.alarm_key}.zip`);
      message.success(t('safety.evidence.zipDone'));
    } catch {
      // The request client has said why.
    } finally {
      setZipping(false);
    }
  }

  return (
    <AlarmModalFrame
      alarm={alarm}
      onClose={onClose}
      className="hw-alarm-modal"
      testId="alarm-modal"
      actions={
        canExport && (
          <Button
            icon={<DownloadOutlined />}
            loading={zipping}
            disabled={filesOf(evidence).length === 0}
            onClick={() => void exportZip()}
            data-testid="alarm-zip"
          >
            {t('safety.evidence.exportZip')}
          </Button>
        )
      }
    >
      <div className="hw-alarm-modal__body">
        <section className="hw-alarm-modal__evidence">
          <EvidencePanel alarm={alarm} state={evidence} title={title} />
        </section>
        <section className="hw-alarm-modal__map">
          <EvidenceMap center={hasPosition(alarm) ? [alarm.lng, alarm.lat] : null} testId="alarm-map">
            <MarkerLayer markers={markers} />
          </EvidenceMap>
        </section>
      </div>
    </AlarmModalFrame>
  );
}
