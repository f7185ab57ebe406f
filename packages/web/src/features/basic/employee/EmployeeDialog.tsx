import { EMPLOYEE_STATES, EMPLOYEE_TYPES, EmployeeStateCode, LICENCE_CLASSES, SEXES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Divider, Form, Input, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type EmployeeRow, employeeApi, fleetApi, organisationApi } from '../../organisation/api';
import { formRules } from '../../organisation/form-rules';
import { codeOptions } from '../../organisation/labels';
import { describeWith, dialogTitle } from '../../organisation/list-parts';
import { organisationTreeData } from '../../organisation/tree-data';
import '../../organisation/organisation.css';
import { type EmployeeValues, employeeBody } from './employee-values';

/** A driver carries a licence: number and class required (the server's rule). */
const DRIVER = 1;

export function employeeLabels(t: ReturnType<typeof useTranslation<['organisation', 'translation']>>['t']) {
  return {
    emp_id: t('organisation.employee.empId'),
    emp_name: t('organisation.employee.name'),
    nick_name: t('organisation.employee.nickName'),
    emp_type: t('organisation.employee.type'),
    sex: t('organisation.employee.sex'),
    birthday: t('organisation.employee.birthday'),
    phone: t('organisation.phone'),
    organ_id: t('organisation.employee.organ'),
    fleet_id: t('organisation.employee.fleet'),
    route_id: t('organisation.employee.line'),
    id_number: t('organisation.employee.idNumber'),
    licence_no: t('organisation.employee.licenceNo'),
    licence_class: t('organisation.employee.licenceClass'),
    licence_expiry: t('organisation.employee.licenceExpiry'),
    certificate_no: t('organisation.employee.certificate'),
    ic_card: t('organisation.employee.icCard'),
    state: t('organisation.state'),
    entry_time: t('organisation.employee.entry'),
    quit_time: t('organisation.employee.quit'),
    remark: t('organisation.remark'),
  };
}

const day = (text: string) => (text ? dayjs(text) : undefined);
const fromEpoch = (seconds: number | null) => (seconds ? dayjs.unix(seconds) : undefined);

/** Add or edit a staff member, licence data included; the add form proposes the next employee number. */
export function EmployeeDialog({
  employee,
  open,
  onClose,
  onSaved,
}: {
  employee: EmployeeRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const [form] = Form.useForm<EmployeeValues>();
  const rules = formRules(t);
  const labels = employeeLabels(t);
  const type = Form.useWatch('emp_type', form);
  const state = Form.useWatch('state', form);
  const tree = useQuery({ queryKey: ['organisations', 'tree'], queryFn: organisationApi.tree, enabled: open });
  const fleets = useQuery({ queryKey: ['fleets', 'options'], queryFn: fleetApi.options, enabled: open });
  const lines = useQuery({ queryKey: ['employees', 'lines'], queryFn: employeeApi.lines, enabled: open });

  useEffect(() => {
    if (!open || employee) return;
    // The next free number, as the server counts (get-max-empid); the dialog has filled the defaults by now.
    void employeeApi.maxNumber().then(
      (max) => {
        if (!form.isFieldTouched('emp_id')) form.setFieldValue('emp_id', max.next_emp_id);
      },
      () => undefined,
    );
  }, [open, employee, form]);

  const driver = type === DRIVER;
  return (
    <FormDialog<EmployeeValues, EmployeeRow>
      open={open}
      record={employee}
      form={form}
      title={dialogTitle(t, employee !== null, t('organisation.employee.what'))}
      initialValues={() =>
        employee
          ? {
              ...employee,
              organ_id: employee.organ_id ?? undefined,
              fleet_id: employee.fleet_id ?? undefined,
              route_id: employee.route_id ?? undefined,
              licence_class: employee.licence_class || undefined,
              birthday: day(employee.birthday),
              licence_expiry: day(employee.licence_expiry),
              entry_time: fromEpoch(employee.entry_time),
              quit_time: fromEpoch(employee.quit_time),
            }
          : { emp_type: DRIVER, sex: 0, state: EmployeeStateCode.onJob, entry_time: dayjs().startOf('day') }
      }
      onSubmit={(v) => {
        const body = employeeBody(v);
        return employee ? employeeApi.update({ ...body, id: employee.id }) : employeeApi.create(body);
      }}
      describeFailure={describeWith(t, labels)}
      onClose={onClose}
      onSaved={onSaved}
      width={760}
      columns="vertical"
      formProps={{ className: 'hw-org-form' }}
      testId="employee-form"
    >
      <div className="hw-org-form__grid">
        <Form.Item
          name="emp_id"
          label={labels.emp_id}
          validateDebounce={400}
          rules={[
            ...rules.code(labels.emp_id),
            rules.unique(labels.emp_id, (emp_id) => employeeApi.free({ emp_id, id: employee?.id })),
          ]}
        >
          <Input data-testid="employee-emp-id" />
        </Form.Item>
        <Form.Item name="emp_name" label={labels.emp_name} rules={rules.name(labels.emp_name)}>
          <Input data-testid="employee-name" />
        </Form.Item>
        <Form.Item name="nick_name" label={labels.nick_name} rules={rules.maxLength(64)}>
          <Input />
        </Form.Item>
        <Form.Item name="emp_type" label={labels.emp_type} rules={[rules.choice(labels.emp_type)]}>
          <Select options={codeOptions(EMPLOYEE_TYPES, language)} aria-label={labels.emp_type} />
        </Form.Item>
        <Form.Item name="sex" label={labels.sex}>
          <Select options={codeOptions(SEXES, language)} aria-label={labels.sex} />
        </Form.Item>
        <Form.Item name="birthday" label={labels.birthday}>
          <DatePicker style={{ width: '100%' }} aria-label={labels.birthday} />
        </Form.Item>
        <Form.Item name="phone" label={labels.phone} rules={rules.phone()}>
          <Input />
        </Form.Item>
        <Form.Item name="id_number" label={labels.id_number} rules={rules.secretCode(employee?.id_number)}>
          <Input placeholder={employee ? t('organisation.employee.maskedHint') : undefined} />
        </Form.Item>
        <Form.Item name="organ_id" label={labels.organ_id}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            treeData={organisationTreeData(tree.data ?? [])}
            aria-label={labels.organ_id}
          />
        </Form.Item>
        <Form.Item name="fleet_id" label={labels.fleet_id}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(fleets.data ?? []).map((f) => ({ value: f.id, label: f.label }))}
            aria-label={labels.fleet_id}
          />
        </Form.Item>
        <Form.Item name="route_id" label={labels.route_id}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(lines.data ?? []).map((l) => ({ value: l.id, label: l.label }))}
            aria-label={labels.route_id}
          />
        </Form.Item>
        <Form.Item
          name="ic_card"
          label={labels.ic_card}
          validateDebounce={400}
          rules={[
            ...rules.optionalCode(),
            rules.unique(labels.ic_card, (ic_card) => employeeApi.free({ ic_card, id: employee?.id })),
          ]}
        >
          <Input />
        </Form.Item>
      </div>
      <Divider titlePlacement="start" plain>
        {t('organisation.employee.licence')}
      </Divider>
      <div className="hw-org-form__grid">
        <Form.Item
          name="licence_no"
          label={labels.licence_no}
          dependencies={['emp_type']}
          rules={[...(driver ? [rules.required(labels.licence_no)] : []), ...rules.secretCode(employee?.licence_no)]}
        >
          <Input data-testid="employee-licence-no" />
        </Form.Item>
        <Form.Item
          name="licence_class"
          label={labels.licence_class}
          dependencies={['emp_type']}
          rules={
            driver
              ? [{ required: true, message: t('translation:validation.required', { field: labels.licence_class }) }]
              : []
          }
        >
          <Select
            allowClear
            options={LICENCE_CLASSES.map((c) => ({ value: c, label: c }))}
            aria-label={labels.licence_class}
            data-testid="employee-licence-class"
          />
        </Form.Item>
        <Form.Item name="licence_expiry" label={labels.licence_expiry}>
          <DatePicker style={{ width: '100%' }} aria-label={labels.licence_expiry} />
        </Form.Item>
        <Form.Item
          name="certificate_no"
          label={labels.certificate_no}
          rules={rules.secretCode(employee?.certificate_no)}
        >
          <Input />
        </Form.Item>
      </div>
      <Divider plain />
      <div className="hw-org-form__grid">
        <Form.Item name="state" label={labels.state} rules={[rules.choice(labels.state)]}>
          <Select options={codeOptions(EMPLOYEE_STATES, language)} aria-label={labels.state} />
        </Form.Item>
        <Form.Item name="entry_time" label={labels.entry_time}>
          <DatePicker style={{ width: '100%' }} aria-label={labels.entry_time} />
        </Form.Item>
        {state === EmployeeStateCode.quit && (
          <Form.Item
            name="quit_time"
            label={labels.quit_time}
            dependencies={['entry_time']}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_, value: Dayjs | undefined) => {
                  const entry = getFieldValue('entry_time') as Dayjs | undefined;
                  if (value && entry && value.isBefore(entry, 'day')) {
                    throw new Error(
                      t('organisation.rules.order', { field: labels.quit_time, other: labels.entry_time }),
                    );
                  }
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} aria-label={labels.quit_time} />
          </Form.Item>
        )}
      </div>
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
