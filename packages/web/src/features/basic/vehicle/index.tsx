import { VEHICLE_STATES, VEHICLE_TYPES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Select, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { fleetKeys, type VehicleRecord, vehicleApi } from '../../fleet/api';
import { VehicleDialog } from '../../fleet/components/VehicleDialog';
import { codeLabel, codeOptions, formatDay, vehicleLabel } from '../../fleet/labels';

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
  ];

  return (
    <ListPage<VehicleRecord, Query>
      testId="vehicle"
      testIds={{ search: 'vehicle-page-search', export: 'vehicle-page-export' }}
      queryKey={fleetKeys.vehicles}
      fetch={fetchVehicles}
      rowKey="car_id"
      searchPlaceholder={t('fleet.search.vehicles')}
      filters={(filter, query) => (
        <>
          <Select<number | 'all'>
            style={{ width: 180 }}
            value={query.route_id ?? 'all'}
            onChange={(value) => filter({ route_id: value === 'all' ? undefined : value })}
            options={[
              { value: 'all', label: t('fleet.allLines') },
              ...(choices.data?.routes ?? []).map((r) => ({ value: r.route_id, label: r.route_name })),
            ]}
            aria-label={label('route_id')}
          />
          <Select<number | 'all'>
            style={{ width: 150 }}
            value={query.state ?? 'all'}
            onChange={(value) => filter({ state: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('fleet.allStates') }, ...codeOptions(VEHICLE_STATES, lang)]}
            aria-label={label('state')}
          />
          <Select<number | 'all'>
            style={{ width: 160 }}
            value={query.car_type ?? 'all'}
            onChange={(value) => filter({ car_type: value === 'all' ? undefined : value })}
            options={[{ value: 'all', label: t('fleet.allTypes') }, ...codeOptions(VEHICLE_TYPES, lang)]}
            aria-label={label('car_type')}
          />
        </>
      )}
      columns={columns}
      remove={{ run: (row) => vehicleApi.remove(row.car_id), confirm: () => tc('common.deleteConfirm') }}
      exporter={{ path: '/basic/cars/export', fileBase: 'vehicles' }}
      importer={{ path: '/basic/cars/import', fileBase: 'vehicles' }}
      dialog={(editing, close, saved) => (
        <VehicleDialog open={editing !== null} record={editing?.row ?? null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
