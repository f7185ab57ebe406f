import { INSURANCE_WARNING_DAYS, type RenewalKind, VEHICLE_EXPIRY_WARNING_DAYS } from '@headway/spec';
import { Button, InputNumber, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { usePermission } from '../../../shell/view-host/view-context';
import { type ExpiryKind, type ExpiryRow, fleetKeys, vehicleApi } from '../api';
import { RenewalDialog } from '../components/RenewalDialog';
import { ExpiryDate } from '../ExpiryDate';
import { formatDay, vehicleLabel } from '../labels';

type Query = PageQuery & { search?: string; days?: number };

const KINDS: Record<ExpiryKind, readonly RenewalKind[]> = { insurance: [0, 1], vehicle: [2] };

/**
 * Basic → insurance review and expiry review: the vehicles whose insurance (45 days) or licence (15 days) ends
 * within the window, expired ones first, coloured as the layout's dialogs (spec section 4); a renewal is asked
 * from here and reviewed on the renewal screen.
 */
export function ExpiryReview({ kind }: { kind: ExpiryKind }) {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const can = usePermission();
  const window = kind === 'insurance' ? INSURANCE_WARNING_DAYS : VEHICLE_EXPIRY_WARNING_DAYS;
  const fetchRows = ({ page = 1, limit = DEFAULT_LIMIT, ...filter }: Query) =>
    vehicleApi.expire({ page, limit, kind, ...filter });
  const lang = i18n.language;
  const label = (key: Parameters<typeof vehicleLabel>[0]) => vehicleLabel(key, lang);
  const now = Math.floor(Date.now() / 1000);
  const dateColumn = (field: 'compulsory_insurance_time' | 'commercial_insurance_time' | 'expire_time') => ({
    title: label(field),
    dataIndex: field,
    width: 210,
    render: (value: number | null) => (
      <ExpiryDate date={value} now={now} windowDays={window} tone={kind === 'insurance' ? 'insurance' : 'vehicle'} />
    ),
  });
  const columns: TableColumnsType<ExpiryRow> = [
    { title: label('car_name'), dataIndex: 'car_name', width: 160 },
    { title: label('lpn'), dataIndex: 'lpn', width: 120 },
    { title: label('route_id'), dataIndex: 'route_name', width: 150, render: (v: string) => v || '--' },
    ...(kind === 'insurance'
      ? [dateColumn('compulsory_insurance_time'), dateColumn('commercial_insurance_time')]
      : [
          { title: label('register_time'), dataIndex: 'register_time', width: 130, render: formatDay },
          dateColumn('expire_time'),
        ]),
  ];

  return (
    <ListPage<ExpiryRow, Query>
      testId="expiry-review"
      testIds={{ page: `expiry-review-${kind}` }}
      queryKey={`${fleetKeys.expiry}-${kind}`}
      fetch={fetchRows}
      rowKey="car_id"
      initialFilter={{ days: window }}
      searchPlaceholder={t('fleet.search.vehicles')}
      filters={(filter, query) => (
        <Space>
          <span>{t('fleet.review.days')}</span>
          <InputNumber
            min={0}
            max={3660}
            precision={0}
            value={query.days}
            onChange={(value) => filter({ days: value ?? window })}
            aria-label={t('fleet.review.days')}
          />
        </Space>
      )}
      columns={columns}
      rowActions={(row, { open }) =>
        can('add') && (
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('fleet.review.renew')}
          </Button>
        )
      }
      actionsWidth={100}
      editable={false}
      canAdd={false}
      exporter={{
        path: '/basic/cars/expire/export',
        fileBase: `${kind}-expiry`,
        query: (filter) => ({ kind, ...filter }),
      }}
      dialog={(editing, close, saved) => (
        <RenewalDialog target={editing?.row ?? null} kinds={KINDS[kind]} onClose={close} onSaved={saved} />
      )}
    />
  );
}
