import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLngLat } from '../../../../map';
import { useAddress } from '../use-address';

/**
 * The info box's address (spec "Real data": address with a view button to resolve). Nothing is asked until the
 * user presses View; from then on the address follows the vehicle as it moves, until another vehicle is shown.
 */
export function AddressView({ imei, lat, lng }: { imei: string; lat: number; lng: number }) {
  const { t } = useTranslation('monitoring');
  const [requested, setRequested] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another vehicle starts over at the View button
  useEffect(() => setRequested(false), [imei]);
  const { valid, address } = useAddress(lat, lng, { enabled: requested, keepPrevious: true });

  if (!valid) return <span className="hw-infobox__muted">{t('monitoring.info.noPositionFix')}</span>;
  if (!requested) {
    return (
      <Button
        size="small"
        type="link"
        style={{ padding: 0 }}
        onClick={() => setRequested(true)}
        data-testid="resolve-address"
      >
        {t('monitoring.info.resolve')}
      </Button>
    );
  }
  if (address.data) {
    const coordinates = formatLngLat(lng, lat);
    return address.data.addr ? (
      <span title={coordinates} data-testid="address">
        {address.data.addr}
      </span>
    ) : (
      <span data-testid="address">
        {coordinates} <span className="hw-infobox__muted">({t('monitoring.info.addressUnknown')})</span>
      </span>
    );
  }
  if (address.isError) {
    return (
      <span role="alert">
        {t('monitoring.info.resolveFailed')}{' '}
        <Button
          size="small"
          type="link"
          style={{ padding: 0 }}
          onClick={() => void address.refetch()}
          data-testid="resolve-retry"
        >
          {t('monitoring.info.resolveRetry')}
        </Button>
      </span>
    );
  }
  return (
    <span role="status" className="hw-infobox__muted">
      <Spin size="small" /> {t('monitoring.info.resolving')}
    </span>
  );
}
