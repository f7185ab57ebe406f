import { CloseOutlined } from '@ant-design/icons';
import {
  labelIn,
  PAGE_SIZES,
  REGION_TYPES,
  REGION_USE_TYPES,
  type RegionType,
  type RegionUseType,
} from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import { regionApi, regionKeys } from '../api';
import { dwellParts } from './dwell';
import type { RegionFeatureInfo } from './region-features';
import { regionColour } from './region-style';

/** Issue 15: "a region's detail shows its recent visits". */
const RECENT_VISITS = 5;
/** The smallest page the API gives (spec PAGE_SIZES); the popup shows the first RECENT_VISITS of it. */
const VISITS_PAGE = PAGE_SIZES[0];

/** A clicked region: what it is, and its last few visits (vehicle, entry, exit or still inside, dwell). */
export function RegionPopup({ region, onClose }: { region: RegionFeatureInfo; onClose: () => void }) {
  const { t, i18n } = useTranslation('regions');
  const visits = useQuery({
    // Under regionKeys.all, so a region write refreshes it; the limit keeps it apart from a full visits page.
    queryKey: [...regionKeys.visits(region.id, 1), VISITS_PAGE],
    queryFn: () => regionApi.visits(region.id, 1, VISITS_PAGE),
    staleTime: 30_000,
  });
  const type = REGION_TYPES[region.regionType as RegionType];
  const use = REGION_USE_TYPES[region.useType as RegionUseType];
  const dwell = (seconds: number) => {
    const parts = dwellParts(seconds);
    return t(`regions.layer.${parts.key}`, parts.values);
  };
  const rows = visits.data?.rows.slice(0, RECENT_VISITS) ?? [];

  return (
    <section
      className="hw-region-popup"
      aria-label={t('regions.layer.detail', { name: region.name })}
      data-testid="region-popup"
      data-region-id={region.id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className="hw-region-popup__head">
        <span className="hw-region-popup__swatch" style={{ background: regionColour(region.useType) }} />
        <h3 className="hw-region-popup__name">{region.name}</h3>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('regions.layer.close')}
          onClick={onClose}
          data-testid="region-popup-close"
        />
      </header>
      <dl className="hw-region-popup__facts">
        <dt>{t('regions.type')}</dt>
        <dd>{type ? labelIn(type.label, i18n.language) : '--'}</dd>
        <dt>{t('regions.useType')}</dt>
        <dd>{use ? labelIn(use.label, i18n.language) : t('regions.useNone')}</dd>
        <dt>{t('regions.shared')}</dt>
        <dd>{region.shared ? t('regions.sharedYes') : t('regions.sharedNo')}</dd>
      </dl>
      <h4 className="hw-region-popup__sub">{t('regions.layer.recentVisits')}</h4>
      {visits.isPending ? (
        <Spin size="small" />
      ) : visits.isError ? (
        <p className="hw-region-popup__note">{t('regions.layer.visitsFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="hw-region-popup__note">{t('regions.layer.noVisits')}</p>
      ) : (
        <table className="hw-region-popup__visits" data-testid="region-visits">
          <thead>
            <tr>
              <th scope="col">{t('regions.layer.vehicle')}</th>
              <th scope="col">{t('regions.layer.entered')}</th>
              <th scope="col">{t('regions.layer.left')}</th>
              <th scope="col">{t('regions.layer.dwell')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.id}>
                <td>{v.car_name || v.terminal_phone}</td>
                <td>{formatTime(v.enter_time)}</td>
                <td>{v.exit_time ? formatTime(v.exit_time) : t('regions.layer.inside')}</td>
                <td>{dwell(v.dwell_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
