import { DownloadOutlined } from '@ant-design/icons';
import { CAPABILITY_BITS, labelIn } from '@headway/spec';
import { Button, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { type DeviceTypeRecord, deviceTypeApi, fleetKeys } from '../../fleet/api';
import { DeviceTypeDialog } from '../../fleet/components/DeviceTypeDialog';
import { deviceTypeLabel } from '../../fleet/labels';
import { useExport } from '../../fleet/use-export';
import { useRemove } from '../../fleet/use-remove';

type Query = PageQuery & { search?: string };
const fetchTypes = ({ page = 1, limit = DEFAULT_LIMIT, search }: Query) => deviceTypeApi.list({ page, limit, search });

/** Basic → Device types (BasicDeviceType): each type's capabilities, which its devices take. */
export default function DeviceTypePage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
  const can = usePermission();
  const list = usePagedTable<Query, DeviceTypeRecord>(fleetKeys.deviceTypes, fetchTypes, {});
  const [editing, setEditing] = useState<{ record: DeviceTypeRecord | null } | null>(null);
  const remove = useRemove(deviceTypeApi.remove, list.reload);
  const exporter = useExport('device-types.xlsx');
  const lang = i18n.language;

  const columns: TableColumnsType<DeviceTypeRecord> = [
    { title: deviceTypeLabel('type_name', lang), dataIndex: 'type_name', width: 180 },
    {
      title: deviceTypeLabel('capabilities', lang),
      dataIndex: 'capabilities',
      render: (mask: number) =>
        Object.values(CAPABILITY_BITS)
          .filter((b) => (mask & (1 << b.bit)) !== 0)
          .map((b) => <Tag key={b.bit}>{labelIn(b.label, lang)}</Tag>),
    },
    { title: deviceTypeLabel('channels', lang), dataIndex: 'channels', width: 110 },
    { title: deviceTypeLabel('maker', lang), dataIndex: 'maker', width: 160, ellipsis: true },
    { title: deviceTypeLabel('devices', lang), dataIndex: 'devices', width: 90 },
    { title: deviceTypeLabel('remark', lang), dataIndex: 'remark', ellipsis: true },
    ...editDeleteColumn<DeviceTypeRecord>(tc, can, {
      onEdit: (record) => setEditing({ record }),
      onDelete: (record) => remove(record.id),
      deleteConfirm: tc('common.deleteConfirm'),
    }),
  ];

  return (
    <div className="hw-card" data-testid="device-type-page">
      <ListToolbar
        searchPlaceholder={t('fleet.search.deviceTypes')}
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.exporting}
                onClick={() => void exporter.run(() => deviceTypeApi.export({ search: list.query.search }))}
              >
                {t('fleet.export')}
              </Button>
            )}
            {can('add') && <AddButton onClick={() => setEditing({ record: null })} testId="device-type-add" />}
          </Space>
        }
      />
      <Table<DeviceTypeRecord> rowKey="id" {...list.tableProps} columns={columns} />
      <DeviceTypeDialog
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
