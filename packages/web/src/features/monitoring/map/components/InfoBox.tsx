import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import type { OwnLine } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Popover, Segmented, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mapApi } from '../api';
import type { VehicleEntry } from '../fleet-view';
import { uniqueParts } from '../format';
import { LABELS, type LabelConfig, readLabels, writeLabels } from '../label-config';
import { BaseInfoView } from './BaseInfoView';
import { InfoBoxActions } from './InfoBoxActions';
import { RealDataView } from './RealDataView';

const storage = typeof localStorage === 'undefined' ? null : localStorage;

export interface InfoBoxProps {
  entry: VehicleEntry;
  line: OwnLine | undefined;
  onClose: () => void;
}

/**
 * The vehicle info box (spec "Vehicle info box"): header without repeated identifiers, real data or base
 * info, the shown-labels popover, and the footer's actions (InfoBoxActions).
 */
export function InfoBox({ entry, line, onClose }: InfoBoxProps) {
  const { t } = useTranslation('monitoring');
  const [tab, setTab] = useState<'real' | 'base'>('real');
  const [labels, setLabels] = useState<LabelConfig>(() => readLabels(storage));
  const base = useQuery({
    queryKey: ['monitoring', 'car-info', entry.imei],
    queryFn: () => mapApi.carInfo(entry.imei),
    enabled: tab === 'base',
    staleTime: 5 * 60_000,
  });
  const toggle = (key: keyof LabelConfig, on: boolean) => {
    const next = { ...labels, [key]: on };
    setLabels(next);
    writeLabels(storage, next);
  };
  const [title, ...rest] = uniqueParts([entry.car_name, entry.route_name, entry.lpn, entry.imei]);

  return (
    <div className="hw-infobox" data-testid="info-box">
      <div className="hw-infobox__head">
        <div className="hw-infobox__titles">
          <div className="hw-infobox__title">{title}</div>
          <div className="hw-infobox__sub">
            {rest.map((part) => (
              <span key={part}>{part}</span>
            ))}
          </div>
        </div>
        <Popover
          trigger="click"
          placement="bottomRight"
          title={t('monitoring.info.labels')}
          content={
            <div className="hw-infobox__labels">
              {LABELS.map((key) => (
                <Checkbox key={key} checked={labels[key]} onChange={(e) => toggle(key, e.target.checked)}>
                  {t(`monitoring.labelNames.${key}`)}
                </Checkbox>
              ))}
            </div>
          }
        >
          <Tooltip title={t('monitoring.info.labels')}>
            <Button type="text" size="small" icon={<SettingOutlined />} aria-label={t('monitoring.info.labels')} />
          </Tooltip>
        </Popover>
        <Tooltip title={t('monitoring.info.close')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t('monitoring.info.close')}
          />
        </Tooltip>
      </div>
      <Segmented
        block
        size="small"
        value={tab}
        onChange={(v) => setTab(v as 'real' | 'base')}
        options={[
          { label: t('monitoring.info.realData'), value: 'real' },
          { label: t('monitoring.info.baseInfo'), value: 'base' },
        ]}
      />
      <div className="hw-infobox__body">
        {tab === 'real' ? (
          <RealDataView entry={entry} line={line} labels={labels} />
        ) : (
          <BaseInfoView info={base.data} loading={base.isLoading} />
        )}
      </div>
      <InfoBoxActions entry={entry} />
    </div>
  );
}
