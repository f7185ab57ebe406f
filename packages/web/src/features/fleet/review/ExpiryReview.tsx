import { DownloadOutlined } from '@ant-design/icons';
import { INSURANCE_WARNING_DAYS, type RenewalKind, VEHICLE_EXPIRY_WARNING_DAYS } from '@headway/spec';
import { Button, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { type ExpiryKind, type ExpiryRow, fleetKeys, vehicleApi } from '../api';
import { RenewalDialog } from '../components/RenewalDialog';
import { ExpiryDate } from '../ExpiryDate';
import { formatDay, vehicleLabel } from '../labels';
import { useExport } from '../use-export';

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
  const list = usePagedTable<Query, ExpiryRow>(`${fleetKeys.expiry}-${kind}`, fetchRows, { days: window });
  const [renewing, setRenewing] = useState<ExpiryRow | null>(null);
  const exporter = useExport(`${kind}-expiry.xlsx`);
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
    ...(can('add')
      ? [
          {
            title: t('common.actions', { ns: 'translation' }),
            key: 'actions',
            width: 100,
            render: (_: unknown, row: ExpiryRow) => (
              <Button type="link" size="small" onClick={() => setRenewing(row)}>
                {t('fleet.review.renew')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const { page: _page, limit: _limit, ...filter } = list.query;
  return (
    <div className="hw-card" data-testid={`expiry-review-${kind}`}>
      <ListToolbar
        searchPlaceholder={t('fleet.search.vehicles')}
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          can('export') && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.exporting}
              onClick={() => void exporter.run(() => vehicleApi.expireExport({ kind, ...filter }))}
            >
              {t('fleet.export')}
            </Button>
          )
        }
      >
        <Space>
          <span>{t('fleet.review.days')}</span>
          <InputNumber
            min={0}
            max={3660}
            precision={0}
            value={list.query.days}
            onChange={(value) => list.filter({ days: value ?? window })}
            aria-label={t('fleet.review.days')}
          />
        </Space>
      </ListToolbar>
      <Table<ExpiryRow> rowKey="car_id" {...list.tableProps} columns={columns} />
      <RenewalDialog
        target={renewing}
        kinds={KINDS[kind]}
        onClose={() => setRenewing(null)}
        onSaved={() => {
          setRenewing(null);
          list.reload();
        }}
      />
    </div>
  );
}
