import { EMPLOYEE_STATES, EMPLOYEE_TYPES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type EmployeeRow, employeeApi, fleetApi } from '../../organisation/api';
import { CodeBadge } from '../../organisation/CodeBadge';
import { codeColor, codeLabel, codeOptions } from '../../organisation/labels';
import { removeRow } from '../../organisation/list-parts';
import { EmployeeDialog, employeeLabels } from './EmployeeDialog';

/**
 * Basic → Staff (BasicEmployee): the company's employees by number, name, type, state and fleet, with their licence
 * data; states on the job / on leave / quit in their colours. Sensitive numbers arrive masked.
 */
export default function EmployeePage() {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const labels = employeeLabels(t);
  const fleets = useQuery({ queryKey: ['fleets', 'options'], queryFn: fleetApi.options });
  return (
    <ListPage<EmployeeRow, Parameters<typeof employeeApi.list>[0]>
      testId="employee"
      queryKey="employees"
      fetch={employeeApi.list}
      importer={{ path: '/basic/employees/import', fileBase: 'staff' }}
      searchPlaceholder={t('organisation.employee.searchHint')}
      filters={(filter) => (
        <>
          <Select<number>
            allowClear
            style={{ width: 150 }}
            placeholder={labels.emp_type}
            aria-label={labels.emp_type}
            options={codeOptions(EMPLOYEE_TYPES, language)}
            onChange={(emp_type) => filter({ emp_type })}
          />
          <Select<number>
            allowClear
            style={{ width: 140 }}
            placeholder={labels.state}
            aria-label={labels.state}
            options={codeOptions(EMPLOYEE_STATES, language)}
            onChange={(state) => filter({ state })}
          />
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={labels.fleet_id}
            aria-label={labels.fleet_id}
            options={(fleets.data ?? []).map((f) => ({ value: f.id, label: f.label }))}
            onChange={(fleet_id) => filter({ fleet_id })}
          />
        </>
      )}
      columns={[
        { title: labels.emp_id, dataIndex: 'emp_id', width: 110 },
        { title: labels.emp_name, dataIndex: 'emp_name', width: 150 },
        {
          title: labels.emp_type,
          dataIndex: 'emp_type',
          width: 120,
          render: (c: number) => codeLabel(EMPLOYEE_TYPES, c, language),
        },
        {
          title: labels.state,
          dataIndex: 'state',
          width: 110,
          render: (s: number) => (
            <CodeBadge
              color={codeColor(EMPLOYEE_STATES, s)}
              text={codeLabel(EMPLOYEE_STATES, s, language)}
              testId={`employee-state-${s}`}
            />
          ),
        },
        { title: labels.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
        { title: labels.fleet_id, dataIndex: 'fleet_name', width: 150, render: (v: string) => v || '--' },
        { title: labels.route_id, dataIndex: 'route_name', width: 150, render: (v: string) => v || '--' },
        { title: labels.licence_no, dataIndex: 'licence_no', width: 140, render: (v: string) => v || '--' },
        { title: labels.licence_class, dataIndex: 'licence_class', width: 100, render: (v: string) => v || '--' },
        { title: labels.licence_expiry, dataIndex: 'licence_expiry', width: 120, render: (v: string) => v || '--' },
        { title: labels.ic_card, dataIndex: 'ic_card', width: 120, render: (v: string) => v || '--' },
        { title: labels.entry_time, dataIndex: 'entry_time', width: 170, render: formatTime },
      ]}
      remove={removeRow(t, labels, (row) => `${row.emp_id} ${row.emp_name}`, employeeApi.remove)}
      exporter={{ path: employeeApi.exportPath, fileBase: 'staff' }}
      dialog={(editing, close, saved) => (
        <EmployeeDialog employee={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
