import { FLEET_CATEGORIES } from '@headway/spec';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type FleetRow, fleetApi } from '../../organisation/api';
import { codeLabel, codeOptions } from '../../organisation/labels';
import { removeRow } from '../../organisation/list-parts';
import { FleetDialog, fleetLabels } from './FleetDialog';

/** Basic → Fleets (BasicFleet): the company's fleets by name and category; a fleet in use is not deleted. */
export default function FleetPage() {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const labels = fleetLabels(t);
  return (
    <ListPage<FleetRow, Parameters<typeof fleetApi.list>[0]>
      testId="fleet"
      queryKey="fleets"
      fetch={fleetApi.list}
      searchPlaceholder={t('organisation.fleet.searchHint')}
      filters={(filter) => (
        <Select<number>
          allowClear
          style={{ width: 170 }}
          placeholder={labels.category}
          aria-label={labels.category}
          options={codeOptions(FLEET_CATEGORIES, language)}
          onChange={(category) => filter({ category })}
        />
      )}
      columns={[
        { title: labels.fleet_name, dataIndex: 'fleet_name', width: 200 },
        {
          title: labels.category,
          dataIndex: 'category',
          width: 140,
          render: (c: number) => <Tag>{codeLabel(FLEET_CATEGORIES, c, language)}</Tag>,
        },
        { title: labels.organ_id, dataIndex: 'organ_name', width: 160, render: (v: string) => v || '--' },
        { title: labels.leader, dataIndex: 'leader', width: 110, render: (v: string) => v || '--' },
        { title: labels.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
        { title: t('organisation.fleet.vehicles'), dataIndex: 'vehicle_count', width: 90 },
        { title: t('organisation.fleet.staff'), dataIndex: 'employee_count', width: 90 },
        { title: t('organisation.updated'), dataIndex: 'updated_at', width: 170, render: formatTime },
      ]}
      remove={removeRow(t, labels, (row) => row.fleet_name, fleetApi.remove)}
      exporter={{ path: fleetApi.exportPath, fileBase: 'fleets' }}
      dialog={(editing, close, saved) => (
        <FleetDialog fleet={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
