import { useQuery } from '@tanstack/react-query';
import { Badge, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type DeviceRecord, deviceApi, deviceTypeApi, fleetKeys } from '../../fleet/api';
import { DeviceDialog } from '../../fleet/components/DeviceDialog';
import { deviceLabel } from '../../fleet/labels';

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
  ];

  return (
    <ListPage<DeviceRecord, Query>
      testId="device"
      queryKey={fleetKeys.devices}
      fetch={fetchDevices}
      rowKey="id"
      searchPlaceholder={t('fleet.search.devices')}
      filters={(filter, query) => (
        <>
          <Select<number | 'all'>
            style={{ width: 180 }}
            value={query.device_type ?? 'all'}
            onChange={(value) => filter({ device_type: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('fleet.allTypes') },
              ...(types.data?.rows ?? []).map((r) => ({ value: r.id, label: r.type_name })),
            ]}
            aria-label={deviceLabel('device_type', lang)}
          />
          <Select<number | 'all'>
            style={{ width: 170 }}
            value={query.online ?? 'all'}
            onChange={(value) => filter({ online: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('fleet.allOnline') },
              { value: 1, label: t('fleet.online') },
              { value: 0, label: t('fleet.offline') },
            ]}
            aria-label={deviceLabel('online', lang)}
          />
        </>
      )}
      columns={columns}
      remove={{ run: (row) => deviceApi.remove(row.id), confirm: () => tc('common.deleteConfirm') }}
      exporter={{ path: '/basic/devices/export', fileBase: 'devices' }}
      importer={{ path: '/basic/devices/import', fileBase: 'devices' }}
      dialog={(editing, close, saved) => (
        <DeviceDialog open={editing !== null} record={editing?.row ?? null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
