import { FUEL_TYPES, type RenewalKind, VEHICLE_TYPES } from '@headway/spec';
import { Button, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { usePermission } from '../../../shell/view-host/view-context';
import { fleetKeys, type VehicleRecord, vehicleApi } from '../api';
import { CertificateDialog } from '../components/CertificateDialog';
import { RenewalDialog } from '../components/RenewalDialog';
import { SeatDialog } from '../components/SeatDialog';
import { codeLabel, codeOptions, formatDay, vehicleLabel } from '../labels';

type Query = PageQuery & { search?: string; car_type?: number };
const fetchVehicles = ({ page = 1, limit = DEFAULT_LIMIT, ...filter }: Query) =>
  vehicleApi.list({ page, limit, ...filter });
const LICENCE_RENEWALS: readonly RenewalKind[] = [2, 3, 4];

/**
 * Basic → licence review (the papers: registration, licence, inspection, tax) and type review (type, seats,
 * approved passengers, fuel): the vehicle list seen through one part of the record, edited on its own.
 */
export function VehicleReview({ part }: { part: 'licence' | 'type' }) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const can = usePermission();
  const [renewing, setRenewing] = useState<VehicleRecord | null>(null);
  const lang = i18n.language;
  const label = (key: Parameters<typeof vehicleLabel>[0]) => vehicleLabel(key, lang);
  const day = (field: 'register_time' | 'expire_time' | 'next_inspection_time' | 'tax_due_date') => ({
    title: label(field),
    dataIndex: field,
    width: 130,
    render: formatDay,
  });

  const specific: TableColumnsType<VehicleRecord> =
    part === 'licence'
      ? [
          {
            title: label('registration_number'),
            dataIndex: 'registration_number',
            width: 160,
            render: (v: string) => v || '--',
          },
          day('register_time'),
          day('expire_time'),
          day('next_inspection_time'),
          day('tax_due_date'),
        ]
      : [
          {
            title: label('car_type'),
            dataIndex: 'car_type',
            width: 140,
            render: (c: number) => codeLabel(VEHICLE_TYPES, c, lang),
          },
          { title: label('model'), dataIndex: 'model', width: 150, render: (v: string) => v || '--' },
          { title: label('seat'), dataIndex: 'seat', width: 90, render: (v: number | null) => v ?? '--' },
          {
            title: label('approved_number'),
            dataIndex: 'approved_number',
            width: 120,
            render: (v: number | null) => v ?? '--',
          },
          {
            title: label('fuel_type'),
            dataIndex: 'fuel_type',
            width: 110,
            render: (c: number | null) => codeLabel(FUEL_TYPES, c, lang),
          },
        ];
  const columns: TableColumnsType<VehicleRecord> = [
    { title: label('car_name'), dataIndex: 'car_name', width: 150 },
    { title: label('lpn'), dataIndex: 'lpn', width: 120 },
    ...specific,
  ];

  return (
    <ListPage<VehicleRecord, Query>
      testId="vehicle-review"
      testIds={{ page: `vehicle-review-${part}` }}
      queryKey={`${fleetKeys.vehicles}-${part}`}
      fetch={fetchVehicles}
      rowKey="car_id"
      searchPlaceholder={t('fleet.search.vehicles')}
      filters={(filter, query) =>
        part === 'type' && (
          <Select<number | 'all'>
            style={{ width: 170 }}
            value={query.car_type ?? 'all'}
            onChange={(value) => filter({ car_type: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('fleet.allTypes') }, ...codeOptions(VEHICLE_TYPES, lang)]}
            aria-label={label('car_type')}
          />
        )
      }
      columns={columns}
      rowActions={(row, { open }) => (
        <>
          {can('edit') && (
            <Button type="link" size="small" onClick={() => open(row)}>
              {part === 'licence' ? t('fleet.review.editPapers') : t('fleet.review.editSeats')}
            </Button>
          )}
          {part === 'licence' && can('add') && (
            <Button type="link" size="small" onClick={() => setRenewing(row)}>
              {t('fleet.review.renew')}
            </Button>
          )}
        </>
      )}
      actionsWidth={170}
      editable={false}
      canAdd={false}
      dialog={(editing, close, saved) =>
        part === 'licence' ? (
          <CertificateDialog record={editing?.row ?? null} onClose={close} onSaved={saved} />
        ) : (
          <SeatDialog record={editing?.row ?? null} onClose={close} onSaved={saved} />
        )
      }
    >
      <RenewalDialog
        target={renewing}
        kinds={LICENCE_RENEWALS}
        onClose={() => setRenewing(null)}
        onSaved={() => setRenewing(null)}
      />
    </ListPage>
  );
}
