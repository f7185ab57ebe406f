import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLngLat } from '../../../map/coords';
import { addressCell, canGeocode, geocodingApi } from '../../monitoring/map/geocoder';
import { useAlarmLanguage } from '../alarm-text';

/**
 * An alarm's place in the details table: coordinates, or with `resolve` on (the column's toggle) its address
 * from GET /geocoding/geocoder, cached by ~10 m cell like the map's (features/monitoring/map/geocoder.ts).
 */
export function AlarmAddress({ lat, lng, resolve }: { lat: number; lng: number; resolve: boolean }) {
  const { t } = useTranslation('alarms');
  const lang = useAlarmLanguage();
  const valid = canGeocode(lat, lng);
  const cell = addressCell(lat, lng);
  const address = useQuery({
    queryKey: ['geocoding', 'address', cell.lat, cell.lng, lang],
    queryFn: () => geocodingApi.address({ ...cell, lang }),
    enabled: resolve && valid,
    staleTime: 10 * 60_000,
    retry: false,
  });
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
