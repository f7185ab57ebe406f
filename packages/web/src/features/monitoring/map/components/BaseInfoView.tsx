import type { CarBaseInfo } from '@headway/server/contract';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

const FIELDS = [
  'next_inspection_time',
  'next_maintenance_time',
  'contract_no',
  'device_type',
  'approved_number',
  'registration_number',
  'vehicle_model',
  'contract_expiration_date',
  'tax_due_date',
  'vin',
  'unit_id',
] as const;

/** Spec "Base info": the vehicle register's fields; empty ones show '--'. */
export function BaseInfoView({ info, loading }: { info: CarBaseInfo | undefined; loading: boolean }) {
  const { t } = useTranslation('monitoring');
  if (loading || !info) return <Skeleton active paragraph={{ rows: 5 }} title={false} />;
  return (
    <dl className="hw-infobox__grid">
      {FIELDS.map((field) => (
        <div key={field} className="hw-infobox__row">
          <dt>{t(`monitoring.info.base.${field}`)}</dt>
          <dd>{info[field] || t('monitoring.info.never')}</dd>
        </div>
      ))}
      {info.img_url && <img className="hw-infobox__photo" src={info.img_url} alt={t('monitoring.info.base.img_url')} />}
    </dl>
  );
}
