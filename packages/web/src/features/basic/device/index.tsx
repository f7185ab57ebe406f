import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { ImportButton } from '../../../components/list-page/import/ImportButton';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { type DeviceRecord, deviceApi, deviceTypeApi, fleetKeys } from '../../fleet/api';
import { DeviceDialog } from '../../fleet/components/DeviceDialog';
import { deviceLabel } from '../../fleet/labels';
import { useExport } from '../../fleet/use-export';
import { useRemove } from '../../fleet/use-remove';

type Query = PageQuery & { search?: string; device_type?: number; online?: number };
const fetchDevices = ({ page = 1, limit = DEFAULT_LIMIT, ...filter }: Query) =>
  deviceApi.list({ page, limit, ...filter });

/**
 * Basic → Devices (BasicDevice): the company's terminals with their phone, IMEI, edition, type, SIM (masked), the
 * vehicle they are in and whether they are online. A device in a vehicle cannot be deleted (the server says why).
 */
export default function DevicePage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
  const can = usePermission();
  const list = usePagedTable<Query, DeviceRecord>(fleetKeys.devices, fetchDevices, {});
  const [editing, setEditing] = useState<{ record: DeviceRecord | null } | null>(null);
  const remove = useRemove(deviceApi.remove, list.reload);
  const exporter = useExport('devices.xlsx');
  const types = useQuery({
    queryKey: [fleetKeys.deviceTypes, 'choices'],
    queryFn: () => deviceTypeApi.list({ page: 1, limit: 200 }),
  });
  const lang = i18n.language;

  const columns: TableColumnsType<DeviceRecord> = [
    { title: deviceLabel('terminal_phone', lang), dataIndex: 'terminal_phone', width: 150 },
    { title: deviceLabel('imei', lang), dataIndex: 'imei', width: 170 },
    { title: deviceLabel('protocol_version', lang), dataIndex: 'protocol_version', width: 110 },
    {
      title: deviceLabel('device_type', lang),
      dataIndex: 'device_type_name',
      width: 140,
      render: (v: string) => v || '--',
    },
    { title: deviceLabel('sim', lang), dataIndex: 'sim_masked', width: 170, render: (v: string) => v || '--' },
    { title: deviceLabel('car_name', lang), dataIndex: 'car_name', width: 140, render: (v: string) => v || '--' },
    {
      title: deviceLabel('online', lang),
      dataIndex: 'online',
      width: 100,
      render: (online: number) => (
        <Badge status={online ? 'success' : 'default'} text={online ? t('fleet.online') : t('fleet.offline')} />
      ),
    },
    {
      title: deviceLabel('last_seen_at', lang),
      dataIndex: 'last_seen_at',
      width: 170,
      render: (v: number | null) => (v ? formatTime(v) : '--'),
    },
    ...editDeleteColumn<DeviceRecord>(tc, can, {
      onEdit: (record) => setEditing({ record }),
      onDelete: (record) => remove(record.id),
      deleteConfirm: tc('common.deleteConfirm'),
    }),
  ];

  const { page: _page, limit: _limit, ...filter } = list.query;
  return (
    <div className="hw-card" data-testid="device-page">
      <ListToolbar
        searchPlaceholder={t('fleet.search.devices')}
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.exporting}
                onClick={() => void exporter.run(() => deviceApi.export(filter))}
              >
                {t('fleet.export')}
              </Button>
            )}
            <ImportButton
              path="/basic/devices/import"
              fileBase="devices"
              onImported={list.reload}
              testId="device-import"
            />
            {can('add') && <AddButton onClick={() => setEditing({ record: null })} testId="device-add" />}
          </Space>
        }
      >
        <Select<number | 'all'>
          style={{ width: 180 }}
          value={list.query.device_type ?? 'all'}
          onChange={(value) => list.filter({ device_type: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('fleet.allTypes') },
            ...(types.data?.rows ?? []).map((r) => ({ value: r.id, label: r.type_name })),
          ]}
          aria-label={deviceLabel('device_type', lang)}
        />
        <Select<number | 'all'>
          style={{ width: 170 }}
          value={list.query.online ?? 'all'}
          onChange={(value) => list.filter({ online: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('fleet.allOnline') },
            { value: 1, label: t('fleet.online') },
            { value: 0, label: t('fleet.offline') },
          ]}
          aria-label={deviceLabel('online', lang)}
        />
      </ListToolbar>
      <Table<DeviceRecord>
        rowKey="id"
        {...list.tableProps}
        columns={columns}
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
      />
      <DeviceDialog
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
