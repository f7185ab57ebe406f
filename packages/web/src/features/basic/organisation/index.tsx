import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import { type OrganisationRow, organisationApi } from '../../organisation/api';
import { BasicListPage } from '../../organisation/BasicListPage';
import { formRules } from '../../organisation/form-rules';
import { organisationTreeData } from '../../organisation/tree-data';
import { useSave } from '../../organisation/use-save';

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
  const { saving, submit } = useSave(
    form,
    (v) => {
      const body = { ...v, parent_id: v.parent_id ?? null };
      return row ? organisationApi.update({ ...body, id: row.id }) : organisationApi.create(body);
    },
    labels,
    props.onSaved,
  );
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(row ? { ...row, parent_id: row.parent_id ?? undefined } : { sort_id: 0 });
  }, [open, row, form]);
  return (
    <Modal
      open={open}
      title={t(row ? 'organisation.editTitle' : 'organisation.addTitle', { what: t('organisation.org.what') })}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('translation:common.save')}
      width={560}
      forceRender
    >
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} data-testid="organisation-form">
        <Form.Item
          name="organ_name"
          label={labels.organ_name}
          validateDebounce={400}
          rules={[
            ...rules.name(labels.organ_name),
            rules.unique(labels.organ_name, (organ_name) => organisationApi.free({ organ_name, id: row?.id })),
          ]}
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
      </Form>
    </Modal>
  );
}

/** Basic → Organisation (BasicOrganisation): the company's departments and depots that fleets and staff belong to. */
export default function OrganisationPage() {
  const { t } = useTranslation(['organisation', 'translation']);
  const labels = labelsOf(t);
  return (
    <BasicListPage<OrganisationRow, Parameters<typeof organisationApi.list>[0]>
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
      rowName={(row) => row.organ_name}
      remove={(row) => organisationApi.remove(row.id)}
      exporter={organisationApi.export}
      exportFile="organisations.xlsx"
      labels={labels}
      dialog={(editing, close, saved) => (
        <OrganisationDialog row={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
