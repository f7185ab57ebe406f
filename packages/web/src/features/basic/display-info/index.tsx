import { DISPLAY_CONTENT_MAX, DISPLAY_TYPES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/list-page/FormDialog';
import { ListPage } from '../../../components/list-page/ListPage';
import { formatTime } from '../../../i18n/format';
import { type DisplayInfoRow, displayInfoApi } from '../../organisation/api';
import { CodeBadge } from '../../organisation/CodeBadge';
import { formRules } from '../../organisation/form-rules';
import { codeLabel, codeOptions } from '../../organisation/labels';
import { describeWith, dialogTitle, removeRow } from '../../organisation/list-parts';

interface Values {
  display_name: string;
  route_id?: number;
  display_type: number;
  content: string;
  sort_id?: number;
  shown: boolean;
  span?: [Dayjs | null, Dayjs | null] | null;
  remark?: string;
}

type T = ReturnType<typeof useTranslation<['organisation', 'translation']>>['t'];
const labelsOf = (t: T) => ({
  display_name: t('organisation.display.name'),
  route_id: t('organisation.display.line'),
  display_type: t('organisation.display.type'),
  content: t('organisation.display.content'),
  sort_id: t('organisation.order'),
  state: t('organisation.state'),
  start_time: t('organisation.display.from'),
  end_time: t('organisation.display.until'),
  remark: t('organisation.remark'),
});

function DisplayDialog(props: { row: DisplayInfoRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  const { row, open } = props;
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const [form] = Form.useForm<Values>();
  const rules = formRules(t);
  const labels = labelsOf(t);
  const lines = useQuery({ queryKey: ['display-info', 'lines'], queryFn: displayInfoApi.lines, enabled: open });
  return (
    <FormDialog<Values, DisplayInfoRow>
      open={open}
      record={row}
      form={form}
      title={dialogTitle(t, row !== null, t('organisation.display.what'))}
      initialValues={() =>
        row
          ? {
              ...row,
              route_id: row.route_id ?? undefined,
              shown: row.state === 0,
              span: [
                row.start_time ? dayjs.unix(row.start_time) : null,
                row.end_time ? dayjs.unix(row.end_time) : null,
              ],
            }
          : { display_type: 0, sort_id: 0, shown: true }
      }
      onSubmit={(v) => {
        const body = {
          display_name: v.display_name,
          route_id: v.route_id ?? null,
          display_type: v.display_type,
          content: v.content,
          sort_id: v.sort_id ?? 0,
          state: v.shown ? 0 : 1,
          start_time: v.span?.[0] ? v.span[0].unix() : null,
          end_time: v.span?.[1] ? v.span[1].unix() : null,
          remark: v.remark ?? '',
        };
        return row ? displayInfoApi.update({ ...body, id: row.id }) : displayInfoApi.create(body);
      }}
      describeFailure={describeWith(t, labels)}
      onClose={props.onClose}
      onSaved={props.onSaved}
      width={620}
      columns={[5, 18]}
      testId="display-info-form"
    >
      <Form.Item
        name="display_name"
        label={labels.display_name}
        validateDebounce={400}
        rules={rules.uniqueName(labels.display_name, (display_name) =>
          displayInfoApi.free({ display_name, id: row?.id }),
        )}
      >
        <Input />
      </Form.Item>
      <Form.Item name="route_id" label={labels.route_id}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('organisation.display.allLines')}
          options={(lines.data ?? []).map((l) => ({ value: l.id, label: l.label }))}
          aria-label={labels.route_id}
        />
      </Form.Item>
      <Form.Item name="display_type" label={labels.display_type} rules={[rules.choice(labels.display_type)]}>
        <Select options={codeOptions(DISPLAY_TYPES, i18n.language)} aria-label={labels.display_type} />
      </Form.Item>
      <Form.Item
        name="content"
        label={labels.content}
        rules={[rules.required(labels.content), ...rules.maxLength(DISPLAY_CONTENT_MAX)]}
      >
        <Input.TextArea rows={3} maxLength={DISPLAY_CONTENT_MAX} showCount />
      </Form.Item>
      <Form.Item name="span" label={`${labels.start_time} – ${labels.end_time}`}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="sort_id" label={labels.sort_id}>
        <InputNumber min={0} max={999999} precision={0} />
      </Form.Item>
      <Form.Item name="shown" label={labels.state} valuePropName="checked">
        <Switch
          checkedChildren={t('organisation.display.shown')}
          unCheckedChildren={t('organisation.display.hidden')}
        />
      </Form.Item>
      <Form.Item name="remark" label={labels.remark} rules={rules.remark()}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Basic → Display info (BasicDisplayInfo): what the head signs, boards, LEDs and station boards of a line show. */
export default function DisplayInfoPage() {
  const { t, i18n } = useTranslation(['organisation', 'translation']);
  const language = i18n.language;
  const labels = labelsOf(t);
  const lines = useQuery({ queryKey: ['display-info', 'lines'], queryFn: displayInfoApi.lines });
  return (
    <ListPage<DisplayInfoRow, Parameters<typeof displayInfoApi.list>[0]>
      testId="display-info"
      queryKey="display-info"
      fetch={displayInfoApi.list}
      searchPlaceholder={t('organisation.display.searchHint')}
      filters={(filter) => (
        <>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={labels.route_id}
            aria-label={labels.route_id}
            options={(lines.data ?? []).map((l) => ({ value: l.id, label: l.label }))}
            onChange={(route_id) => filter({ route_id })}
          />
          <Select<number>
            allowClear
            style={{ width: 160 }}
            placeholder={labels.display_type}
            aria-label={labels.display_type}
            options={codeOptions(DISPLAY_TYPES, language)}
            onChange={(display_type) => filter({ display_type })}
          />
        </>
      )}
      columns={[
        { title: labels.display_name, dataIndex: 'display_name', width: 170 },
        {
          title: labels.route_id,
          dataIndex: 'route_name',
          width: 150,
          render: (v: string) => v || t('organisation.display.allLines'),
        },
        {
          title: labels.display_type,
          dataIndex: 'display_type',
          width: 130,
          render: (c: number) => codeLabel(DISPLAY_TYPES, c, language),
        },
        { title: labels.content, dataIndex: 'content', width: 260, ellipsis: true },
        {
          title: labels.state,
          dataIndex: 'state',
          width: 90,
          render: (s: number) =>
            s === 0 ? (
              <CodeBadge color="green" text={t('organisation.display.shown')} />
            ) : (
              <CodeBadge color={undefined} text={t('organisation.display.hidden')} />
            ),
        },
        { title: labels.start_time, dataIndex: 'start_time', width: 170, render: formatTime },
        { title: labels.end_time, dataIndex: 'end_time', width: 170, render: formatTime },
        { title: labels.sort_id, dataIndex: 'sort_id', width: 70 },
      ]}
      remove={removeRow(t, labels, (row) => row.display_name, displayInfoApi.remove)}
      exporter={{ path: displayInfoApi.exportPath, fileBase: 'display-info' }}
      dialog={(editing, close, saved) => (
        <DisplayDialog row={editing?.row ?? null} open={editing !== null} onClose={close} onSaved={saved} />
      )}
    />
  );
}
