import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLngLat } from '../../../map/coords';
import { useAddress } from '../../monitoring/map/use-address';

/**
 * An alarm's place in the details table: coordinates, or with `resolve` on (the column's toggle) its address
 * from GET /geocoding/geocoder, sharing the map's cache (features/monitoring/map/use-address.ts).
 */
export function AlarmAddress({ lat, lng, resolve }: { lat: number; lng: number; resolve: boolean }) {
  const { t } = useTranslation('alarms');
  const { valid, address } = useAddress(lat, lng, { enabled: resolve });
  if (!valid) return <span className="hw-alarms__muted">{t('alarms.details.noPosition')}</span>;
  const coordinates = formatLngLat(lng, lat);
  if (!resolve) return <span>{coordinates}</span>;
  if (address.data) {
    return address.data.addr ? (
      <span title={coordinates}>{address.data.addr}</span>
    ) : (
      <span>
        {coordinates} <span className="hw-alarms__muted">({t('alarms.details.addressUnknown')})</span>
      </span>
    );
  }
  if (address.isError) return <span title={coordinates}>{t('alarms.details.resolveFailed')}</span>;
  return <Spin size="small" />;
}
