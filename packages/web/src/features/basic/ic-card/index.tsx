import { CARD_STATES, CARD_TYPES, SYSTEM_CARD_TYPE } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { employeeApi, type IcCardRow, icCardApi } from '../../organisation/api';
import { CodeBadge } from '../../organisation/CodeBadge';
import { formRules } from '../../organisation/form-rules';
import { codeColor, codeLabel, codeOptions } from '../../organisation/labels';
import { describeWith, dialogTitle, removeRow } from '../../organisation/list-parts';

interface Values {
  card_no: string;
  card_type: number;
  holder_name?: string;
  phone?: string;
  employee_id?: number;
  state: number;
  issue_time?: Dayjs;
  expire_time?: Dayjs;
  remark?: string;
}

type T = ReturnType<typeof useTranslation<['organisation', 'translation']>>['t'];
const labelsOf = (t: T) => ({
  card_no: t('organisation.card.cardNo'),
  card_type: t('organisation.card.type'),
  holder_name: t('organisation.card.holder'),
  phone: t('organisation.phone'),
  employee_id: t('organisation.card.employee'),
  state: t('organisation.state'),
  issue_time: t('organisation.card.issued'),
  expire_time: t('organisation.card.expires'),
  remark: t('organisation.remark'),
});

function IcCardDialog(props: { row: IcCardRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { row, open } = props;
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const labels = labelsOf(t);
  const type = Form.useWatch('card_type', form);
  const [search, setSearch] = useState('');
  const employees = useQuery({
    queryKey: ['employees', 'options', search],
    queryFn: () => employeeApi.options(search),
    enabled: open && type === SYSTEM_CARD_TYPE,
  });
  const chosen = row?.employee_id ? [{ value: row.employee_id, label: `${row.emp_id} ${row.emp_name}` }] : [];
  return (
    <FormDialog<Values, IcCardRow>
      open={open}
      record={row}
      form={form}
      title={dialogTitle(t, row !== null, t('organisation.card.what'))}
      initialValues={() =>
        row
          ? {
              ...row,
              employee_id: row.employee_id ?? undefined,
              issue_time: row.issue_time ? dayjs.unix(row.issue_time) : undefined,
              expire_time: row.expire_time ? dayjs.unix(row.expire_time) : undefined,
            }
          : { card_type: 0, state: 0, issue_time: dayjs().startOf('day') }
      }
      onSubmit={(v) => {
        const body = {
          ...v,
          employee_id: v.card_type === SYSTEM_CARD_TYPE ? (v.employee_id ?? null) : null,
          issue_time: v.issue_time ? v.issue_time.startOf('day').unix() : null,
          expire_time: v.expire_time ? v.expire_time.endOf('day').unix() : null,
        };
        return row ? icCardApi.update({ ...body, id: row.id }) : icCardApi.create(body);
      }}
      describeFailure={describeWith(t, labels)}
      onClose={props.onClose}
      onSaved={props.onSaved}
      testId="ic-card-form"
    >
      <Form.Item
        name="card_no"
        label={labels.card_no}
        validateDebounce={400}
        rules={[
          ...rules.code(labels.card_no),
          rules.unique(labels.card_no, (card_no) => icCardApi.free({ card_no, id: row?.id })),
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="card_type" label={labels.card_type} rules={[rules.choice(labels.card_type)]}>
        <Select options={codeOptions(CARD_TYPES, i18n.language)} aria-label={labels.card_type} />
      </Form.Item>
      {type === SYSTEM_CARD_TYPE && (
        <Form.Item name="employee_id" label={labels.employee_id} extra={t('organisation.card.employeeHint')}>
          <Select
            allowClear
            showSearch={{ filterOption: false, onSearch: setSearch }}
            options={[...chosen, ...(employees.data ?? []).filter((e) => e.id !== row?.employee_id)].map((e) =>
              'value' in e ? e : { value: e.id, label: e.label },
            )}
            aria-label={labels.employee_id}
          />
        </Form.Item>
      )}
      <Form.Item
        name="holder_name"
        label={labels.holder_name}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (text && (text.length < 3 || text.length > 64))
                throw new Error(t('translation:validation.nameLength'));
            },
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={labels.phone} rules={rules.phone()}>
        <Input />
      </Form.Item>
      <Form.Item name="state" label={labels.state}>
        <Select options={codeOptions(CARD_STATES, i18n.language)} aria-label={labels.state} />
      </Form.Item>
      <Form.Item name="issue_time" label={labels.issue_time}>
        <DatePicker style={{ width: '100%' }} aria-label={labels.issue_time} />
      </Form.Item>
      <Form.Item
        name="expire_time"
        label={labels.expire_time}
        dependencies={['issue_time']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_, value: Dayjs | undefined) => {
              const issued = getFieldValue('issue_time') as Dayjs | undefined;
              if (value && issued && value.isBefore(issued, 'day')) {
                throw new Error(t('organisation.rules.order', { field: labels.expire_time, other: labels.issue_time }));
              }
            },
          }),
        ]}
      >
        <DatePicker style={{ width: '100%' }} aria-label={labels.expire_time} />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Basic → IC cards (BasicIcCard): passenger cards (ordinary, student, elderly) and staff system cards. */
export default function IcCardPage() {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const labels = labelsOf(t);
  return (
    <ListPage<IcCardRow, Parameters<typeof icCardApi.list>[0]>
      testId="ic-card"
      queryKey="ic-cards"
      fetch={icCardApi.list}
      searchPlaceholder={t('organisation.card.searchHint')}
      filters={(filter) => (
        <>
          <Select<number>
            allowClear
            style={{ width: 150 }}
            placeholder={labels.card_type}
            aria-label={labels.card_type}
            options={codeOptions(CARD_TYPES, language)}
            onChange={(card_type) => filter({ card_type })}
          />
          <Select<number>
            allowClear
            style={{ width: 150 }}
            placeholder={labels.state}
            aria-label={labels.state}
            options={codeOptions(CARD_STATES, language)}
            onChange={(state) => filter({ state })}
          />
        </>
      )}
      columns={[
        { title: labels.card_no, dataIndex: 'card_no', width: 150 },
        {
          title: labels.card_type,
          dataIndex: 'card_type',
          width: 120,
          render: (c: number) => (
            <CodeBadge color={codeColor(CARD_TYPES, c)} text={codeLabel(CARD_TYPES, c, language)} />
          ),
        },
        { title: labels.holder_name, dataIndex: 'holder_name', width: 150, render: (v: string) => v || '--' },
        { title: labels.phone, dataIndex: 'phone', width: 140, render: (v: string) => v || '--' },
        {
          title: labels.employee_id,
          key: 'employee',
          width: 150,
          render: (_: unknown, r: IcCardRow) => (r.emp_id ? `${r.emp_id} ${r.emp_name}` : '--'),
        },
        {
          title: labels.state,
          dataIndex: 'state',
          width: 110,
          render: (s: number) => (
            <CodeBadge color={codeColor(CARD_STATES, s)} text={codeLabel(CARD_STATES, s, language)} />
          ),
        },
        { title: labels.issue_time, dataIndex: 'issue_time', width: 170, render: formatTime },
        { title: labels.expire_time, dataIndex: 'expire_time', width: 170, render: formatTime },
      ]}
      remove={removeRow(t, labels, (row) => row.card_no, icCardApi.remove)}
      exporter={{ path: icCardApi.exportPath, fileBase: 'ic-cards' }}
      dialog={(editing, close, saved) => (
        <IcCardDialog row={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
