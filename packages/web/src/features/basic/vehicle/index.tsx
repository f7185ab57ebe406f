import { DownloadOutlined } from '@ant-design/icons';
import { VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { ImportButton } from '../../../components/list-page/import/ImportButton';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { fleetKeys, type VehicleRecord, vehicleApi } from '../../fleet/api';
import { VehicleDialog } from '../../fleet/components/VehicleDialog';
import { codeLabel, codeOptions, formatDay, vehicleLabel } from '../../fleet/labels';
import { useExport } from '../../fleet/use-export';
import { useRemove } from '../../fleet/use-remove';

type Query = PageQuery & { search?: string; route_id?: number; state?: number; car_type?: number };
const fetchVehicles = ({ page = 1, limit = DEFAULT_LIMIT, ...filter }: Query) =>
  vehicleApi.list({ page, limit, ...filter });

const STATE_COLOURS: Record<number, string> = { 0: 'green', 10: 'orange', 20: 'default', 100: 'red', 101: 'blue' };

/**
 * Basic → Vehicles (BasicVehicle): the company's vehicles by name, plate or IMEI, line, state and type; add and
 * edit the full record, delete, export what the filter selects.
 */
export default function VehiclePage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
  const can = usePermission();
  const list = usePagedTable<Query, VehicleRecord>(fleetKeys.vehicles, fetchVehicles, {});
  const [editing, setEditing] = useState<{ record: VehicleRecord | null } | null>(null);
  const remove = useRemove(vehicleApi.remove, list.reload);
  const exporter = useExport('vehicles.xlsx');
  const choices = useQuery({ queryKey: [fleetKeys.vehicles, 'choices'], queryFn: vehicleApi.choices });
  const lang = i18n.language;
  const label = (key: Parameters<typeof vehicleLabel>[0]) => vehicleLabel(key, lang);

  const columns: TableColumnsType<VehicleRecord> = [
    { title: label('car_name'), dataIndex: 'car_name', width: 150, fixed: 'left' },
    { title: label('lpn'), dataIndex: 'lpn', width: 120 },
    { title: label('imei'), dataIndex: 'imei', width: 170, render: (v: string) => v || '--' },
    { title: label('terminal_phone'), dataIndex: 'terminal_phone', width: 140, render: (v: string) => v || '--' },
    { title: label('route_id'), dataIndex: 'route_name', width: 150, render: (v: string) => v || '--' },
    { title: label('fleet_id'), dataIndex: 'fleet_name', width: 140, render: (v: string) => v || '--' },
    {
      title: label('car_type'),
      dataIndex: 'car_type',
      width: 130,
      render: (c: number) => codeLabel(VEHICLE_TYPES, c, lang),
    },
    {
      title: label('state'),
      dataIndex: 'state',
      width: 120,
      render: (c: number) => <Tag color={STATE_COLOURS[c] ?? 'default'}>{codeLabel(VEHICLE_STATES, c, lang)}</Tag>,
    },
    { title: label('seat'), dataIndex: 'seat', width: 80, render: (v: number | null) => v ?? '--' },
    { title: label('model'), dataIndex: 'model', width: 150, render: (v: string) => v || '--' },
    { title: label('expire_time'), dataIndex: 'expire_time', width: 130, render: formatDay },
    ...editDeleteColumn<VehicleRecord>(tc, can, {
      onEdit: (record) => setEditing({ record }),
      onDelete: (record) => remove(record.car_id),
      deleteConfirm: tc('common.deleteConfirm'),
    }),
  ];

  const { page: _page, limit: _limit, ...filter } = list.query;
  return (
    <div className="hw-card" data-testid="vehicle-page">
      <ListToolbar
        searchPlaceholder={t('fleet.search.vehicles')}
        searchTestId="vehicle-page-search"
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.exporting}
                onClick={() => void exporter.run(() => vehicleApi.export(filter))}
                data-testid="vehicle-page-export"
              >
                {t('fleet.export')}
              </Button>
            )}
            <ImportButton
              path="/basic/cars/import"
              fileBase="vehicles"
              onImported={list.reload}
              testId="vehicle-import"
            />
            {can('add') && <AddButton onClick={() => setEditing({ record: null })} testId="vehicle-add" />}
          </Space>
        }
      >
        <Select<number | 'all'>
          style={{ width: 180 }}
          value={list.query.route_id ?? 'all'}
          onChange={(value) => list.filter({ route_id: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('fleet.allLines') },
            ...(choices.data?.routes ?? []).map((r) => ({ value: r.route_id, label: r.route_name })),
          ]}
          aria-label={label('route_id')}
        />
        <Select<number | 'all'>
          style={{ width: 150 }}
          value={list.query.state ?? 'all'}
          onChange={(value) => list.filter({ state: value === 'all' ? undefined : value })}
          options={[{ value: 'all', label: t('fleet.allStates') }, ...codeOptions(VEHICLE_STATES, lang)]}
          aria-label={label('state')}
        />
        <Select<number | 'all'>
          style={{ width: 160 }}
          value={list.query.car_type ?? 'all'}
          onChange={(value) => list.filter({ car_type: value === 'all' ? undefined : value })}
          options={[{ value: 'all', label: t('fleet.allTypes') }, ...codeOptions(VEHICLE_TYPES, lang)]}
          aria-label={label('car_type')}
        />
      </ListToolbar>
      <Table<VehicleRecord>
        rowKey="car_id"
        {...list.tableProps}
        columns={columns}
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
        onRow={(row) => ({ 'data-testid': `vehicle-row-${row.car_id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <VehicleDialog
        open={editing !== null}
        record={editing?.record ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </div>
  );
}
