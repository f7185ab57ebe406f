import { FLEET_CATEGORIES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { type FleetRow, fleetApi, organisationApi } from '../../organisation/api';
import { formRules } from '../../organisation/form-rules';
import { codeOptions } from '../../organisation/labels';
import { describeWith, dialogTitle } from '../../organisation/list-parts';
import { organisationTreeData } from '../../organisation/tree-data';

interface Values {
  fleet_name: string;
  category: number;
  organ_id?: number | null;
  leader?: string;
  phone?: string;
  remark?: string;
}

export function fleetLabels(t: ReturnType<typeof useTranslation<['organisation', 'translation']>>['t']) {
  return {
    fleet_name: t('organisation.fleet.name'),
    category: t('organisation.fleet.category'),
    organ_id: t('organisation.fleet.organ'),
    phone: t('organisation.phone'),
    remark: t('organisation.remark'),
    leader: t('organisation.leader'),
  };
}

/** Add or edit a fleet: name (3–64, unique in the company), category, organisation, leader, phone, remark. */
export function FleetDialog({
  fleet,
  open,
  onClose,
  onSaved,
}: {
  fleet: FleetRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const labels = fleetLabels(t);
  const tree = useQuery({ queryKey: ['organisations', 'tree'], queryFn: organisationApi.tree, enabled: open });

  return (
    <FormDialog<Values, FleetRow>
      open={open}
      record={fleet}
      form={form}
      title={dialogTitle(t, fleet !== null, t('organisation.fleet.what'))}
      initialValues={() =>
        fleet ? { ...fleet, organ_id: fleet.organ_id ?? undefined } : { category: 0, leader: '', phone: '', remark: '' }
      }
      onSubmit={(v) => {
        const body = { ...v, organ_id: v.organ_id ?? null };
        return fleet ? fleetApi.update({ ...body, id: fleet.id }) : fleetApi.create(body);
      }}
      describeFailure={describeWith(t, labels)}
      onClose={onClose}
      onSaved={onSaved}
      testId="fleet-form"
    >
      <Form.Item
        name="fleet_name"
        label={labels.fleet_name}
        validateDebounce={400}
        rules={rules.uniqueName(labels.fleet_name, (fleet_name) => fleetApi.free({ fleet_name, id: fleet?.id }))}
      >
        <Input data-testid="fleet-name" />
      </Form.Item>
      <Form.Item name="category" label={labels.category} rules={[rules.choice(labels.category)]}>
        <Select options={codeOptions(FLEET_CATEGORIES, i18n.language)} aria-label={labels.category} />
      </Form.Item>
      <Form.Item name="organ_id" label={labels.organ_id}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          treeData={organisationTreeData(tree.data ?? [])}
          aria-label={labels.organ_id}
        />
      </Form.Item>
      <Form.Item name="leader" label={labels.leader} rules={rules.maxLength(64)}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone} rules={rules.phone()}>
        <Input />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}
