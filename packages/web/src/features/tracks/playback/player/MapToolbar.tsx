import { ColumnWidthOutlined, FilterOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLength } from '../../../../map/tools/measure';
import { RegionsToggle } from '../../../regions/layer';
import { POINT_COLOURS, POINT_KINDS } from '../point-look';
import type { TrackSet } from '../track-data';

export interface MapToolbarProps {
  set: TrackSet | null;
  hidden: ReadonlySet<string>;
  onHidden: (hidden: Set<string>) => void;
  measuring: boolean;
  onMeasuring: (on: boolean) => void;
  measured: readonly number[];
  showLegend: boolean;
}

/**
 * Over the map's top left: the vehicle filter, the measuring toggle with its hint, the regions toggle (spec "region
 * (POI) toggle"; their legend is the map frame's), the points' legend.
 */
export function MapToolbar({ set, hidden, onHidden, measuring, onMeasuring, measured, showLegend }: MapToolbarProps) {
  const { t } = useTranslation('tracks');
  const vehicles = set?.vehicles ?? [];
  const filter = (
    <Checkbox.Group
      className="hw-track-filter"
      value={vehicles.map((v) => String(v.car_id)).filter((k) => !hidden.has(k))}
      onChange={(shown) => onHidden(new Set(vehicles.map((v) => String(v.car_id)).filter((k) => !shown.includes(k))))}
      options={vehicles.map((v) => ({
        value: String(v.car_id),
        label: (
          <span>
            <span className="hw-track-swatch" style={{ background: v.colour }} />
            {v.car_name}
          </span>
        ),
      }))}
    />
  );
  const total = measured.at(-1);
  return (
    <div className="hw-track-tools">
      <Popover trigger="click" placement="bottomLeft" title={t('tracks.player.filter')} content={filter}>
        <Tooltip title={t('tracks.player.filter')}>
          <Button
            icon={<FilterOutlined />}
            disabled={vehicles.length === 0}
            aria-label={t('tracks.player.filter')}
            data-testid="track-filter"
          />
        </Tooltip>
      </Popover>
      <Tooltip title={t('tracks.player.measure')}>
        <Button
          icon={<ColumnWidthOutlined />}
          type={measuring ? 'primary' : 'default'}
          aria-pressed={measuring}
          aria-label={t('tracks.player.measure')}
          onClick={() => onMeasuring(!measuring)}
          data-testid="track-measure"
        />
      </Tooltip>
      <RegionsToggle />
      {measuring && (
        <span className="hw-track-tools__hint" data-testid="measure-hint">
          {total !== undefined && total > 0
            ? t('tracks.player.measureTotal', { length: formatLength(total) })
            : t('tracks.player.measureHint')}
        </span>
      )}
      {showLegend && (
        <span className="hw-track-tools__legend">
          {POINT_KINDS.map((k) => (
            <span key={k}>
              <span className="hw-track-dot" style={{ background: POINT_COLOURS[k] }} />
              {t(`tracks.player.legend.${k}`)}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}
