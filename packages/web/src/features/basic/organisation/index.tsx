import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type OrganisationRow, organisationApi } from '../../organisation/api';
import { formRules } from '../../organisation/form-rules';
import { describeWith, dialogTitle, removeRow } from '../../organisation/list-parts';
import { organisationTreeData } from '../../organisation/tree-data';

interface Values {
  organ_name: string;
  organ_code?: string;
  parent_id?: number;
  leader?: string;
  phone?: string;
  sort_id?: number;
  remark?: string;
}

type T = ReturnType<typeof useTranslation<['organisation', 'translation']>>['t'];
const labelsOf = (t: T) => ({
  organ_name: t('organisation.org.name'),
  organ_code: t('organisation.org.code'),
  parent_id: t('organisation.org.parent'),
  leader: t('organisation.leader'),
  phone: t('organisation.phone'),
  sort_id: t('organisation.order'),
  remark: t('organisation.remark'),
});

function OrganisationDialog(props: {
  row: OrganisationRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { row, open } = props;
  const { t } = useTranslation(['organisation', 'translation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const labels = labelsOf(t);
  const tree = useQuery({ queryKey: ['organisations', 'tree'], queryFn: organisationApi.tree, enabled: open });
  return (
    <FormDialog<Values, OrganisationRow>
      open={open}
      record={row}
      form={form}
      title={dialogTitle(t, row !== null, t('organisation.org.what'))}
      initialValues={(r) => (r ? { ...r, parent_id: r.parent_id ?? undefined } : { sort_id: 0 })}
      onSubmit={(v) => {
        const body = { ...v, parent_id: v.parent_id ?? null };
        return row ? organisationApi.update({ ...body, id: row.id }) : organisationApi.create(body);
      }}
      describeFailure={describeWith(t, labels)}
      onClose={props.onClose}
      onSaved={props.onSaved}
      testId="organisation-form"
    >
      <Form.Item
        name="organ_name"
        label={labels.organ_name}
        validateDebounce={400}
        rules={rules.uniqueName(labels.organ_name, (organ_name) => organisationApi.free({ organ_name, id: row?.id }))}
      >
        <Input />
      </Form.Item>
      <Form.Item name="organ_code" label={labels.organ_code} rules={rules.optionalCode()}>
        <Input />
      </Form.Item>
      <Form.Item name="parent_id" label={labels.parent_id}>
        <TreeSelect
          allowClear
          treeDefaultExpandAll
          placeholder={t('organisation.org.topLevel')}
          // An organisation cannot sit under itself or what is below it.
          treeData={organisationTreeData(tree.data ?? [], row?.id)}
          aria-label={labels.parent_id}
        />
      </Form.Item>
      <Form.Item name="leader" label={labels.leader} rules={rules.maxLength(64)}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone} rules={rules.phone()}>
        <Input />
      </Form.Item>
      <Form.Item name="sort_id" label={labels.sort_id}>
        <InputNumber min={0} max={999999} precision={0} />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Basic → Organisation (BasicOrganisation): the company's departments and depots that fleets and staff belong to. */
export default function OrganisationPage() {
  const { t } = useTranslation(['organisation', 'translation']);
  const labels = labelsOf(t);
  return (
    <ListPage<OrganisationRow, Parameters<typeof organisationApi.list>[0]>
      testId="organisation"
      queryKey="organisations"
      fetch={organisationApi.list}
      searchPlaceholder={t('organisation.org.searchHint')}
      columns={[
        { title: labels.organ_name, dataIndex: 'organ_name', width: 200 },
        { title: labels.organ_code, dataIndex: 'organ_code', width: 110, render: (v: string) => v || '--' },
        { title: labels.parent_id, dataIndex: 'parent_name', width: 180, render: (v: string) => v || '--' },
        { title: labels.leader, dataIndex: 'leader', width: 110, render: (v: string) => v || '--' },
        { title: labels.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
        { title: t('organisation.org.staff'), dataIndex: 'employee_count', width: 80 },
        { title: labels.sort_id, dataIndex: 'sort_id', width: 70 },
        { title: t('organisation.updated'), dataIndex: 'updated_at', width: 170, render: formatTime },
      ]}
      remove={removeRow(t, labels, (row) => row.organ_name, organisationApi.remove)}
      exporter={{ path: organisationApi.exportPath, fileBase: 'organisations' }}
      dialog={(editing, close, saved) => (
        <OrganisationDialog row={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
