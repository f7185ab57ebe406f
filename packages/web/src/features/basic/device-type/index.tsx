import { CAPABILITY_BITS, labelIn } from '@headway/spec';
import { type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { type DeviceTypeRecord, deviceTypeApi, fleetKeys } from '../../fleet/api';
import { DeviceTypeDialog } from '../../fleet/components/DeviceTypeDialog';
import { deviceTypeLabel } from '../../fleet/labels';

type Query = PageQuery & { search?: string };
const fetchTypes = ({ page = 1, limit = DEFAULT_LIMIT, search }: Query) => deviceTypeApi.list({ page, limit, search });

/** Basic → Device types (BasicDeviceType): each type's capabilities, which its devices take. */
export default function DeviceTypePage() {
  const { t, i18n } = useTranslation(['fleet', 'translation']);
  const { t: tc } = useTranslation();
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
  ];

  return (
    <ListPage<DeviceTypeRecord, Query>
      testId="device-type"
      queryKey={fleetKeys.deviceTypes}
      fetch={fetchTypes}
      rowKey="id"
      searchPlaceholder={t('fleet.search.deviceTypes')}
      columns={columns}
      remove={{ run: (row) => deviceTypeApi.remove(row.id), confirm: () => tc('common.deleteConfirm') }}
      exporter={{ path: '/basic/device-types/export', fileBase: 'device-types' }}
      dialog={(editing, close, saved) => (
        <DeviceTypeDialog open={editing !== null} record={editing?.row ?? null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
