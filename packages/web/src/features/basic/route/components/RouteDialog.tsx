import {
  ALREADY_EXISTS,
  CLOCK_PATTERN,
  fillLabel,
  LINE_CATEGORIES,
  LINE_CODE_MAX,
  LINE_CODE_PATTERN,
  LINE_FIELD_LABELS,
  LINE_NAME_MAX,
  LINE_NAME_MIN,
  LINE_REMARK_MAX,
  labelIn,
  ROUTE_STATES,
  TRAVEL_CATEGORIES,
} from '@headway/spec';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type FormDialogProps, useFormDialog } from '../../../../components/form-dialog/use-form-dialog';
import { type RouteRow, routeApi } from '../../../basic-lines/api';
import { failureMessage } from '../../../basic-lines/failures';

// Add or edit a line's record (spec "Route": code, name, sort, category, state, travel, trunk, hours, ticket,
// remark), with the spec's rules mirrored from @headway/spec; the path and stations are drawn in the line editor.

interface RouteFormValues {
  route_code: string;
  route_name: string;
  sort_id: number;
  category: number;
  state: 0 | 10 | 20;
  travel: number;
  trunk: boolean;
  open_time: string;
  stop_time: string;
  ticket: string;
  remark: string;
}

function valuesOf(row: RouteRow | null): RouteFormValues {
  return {
    route_code: row?.route_code ?? '',
    route_name: row?.route_name ?? '',
    sort_id: row?.sort_id ?? 0,
    category: row?.category ?? 0,
    state: (row?.state ?? 10) as 0 | 10 | 20,
    travel: row?.travel ?? 0,
    trunk: row?.trunk === 1,
    open_time: row?.open_time ?? '',
    stop_time: row?.stop_time ?? '',
    ticket: row?.ticket ?? '',
    remark: row?.remark ?? '',
  };
}

function options(
  table: { readonly [code: number]: { readonly label: Parameters<typeof labelIn>[0] } },
  language: string,
) {
  return Object.entries(table).map(([code, entry]) => ({ value: Number(code), label: labelIn(entry.label, language) }));
}

export function RouteDialog({ open, editing, onClose, onSaved }: FormDialogProps<RouteRow>) {
  const { t, i18n } = useTranslation('basic-lines');
  const { message } = App.useApp();
  const [form] = Form.useForm<RouteFormValues>();
  const language = i18n.language;
  const dialog = useFormDialog(form, {
    open,
    editing,
    valuesOf,
    save: async (values) => {
      const body = {
        route_code: values.route_code.trim(),
        route_name: values.route_name.trim(),
        sort_id: values.sort_id,
        category: values.category,
        state: values.state,
        travel: values.travel,
        trunk: values.trunk ? 1 : 0,
        open_time: values.open_time.trim(),
        stop_time: values.stop_time.trim(),
        ticket: values.ticket.trim(),
        remark: values.remark.trim(),
        fleet_id: editing?.fleet_id ?? null,
      };
      try {
        if (editing) await routeApi.update({ id: editing.id, ...body, color: editing.color });
        else await routeApi.create(body);
      } catch (error) {
        void message.error(failureMessage(error, t));
        throw error;
      }
      void message.success(t('basicLines.saved'));
      onSaved();
    },
  });

  const taken = (field: 'route_code' | 'route_name', value: string) =>
    fillLabel(labelIn(ALREADY_EXISTS, language), labelIn(LINE_FIELD_LABELS[field], language), value);
  const clockRule = { pattern: CLOCK_PATTERN, message: t('basicLines.clockRule') };

  return (
    <Modal
      {...dialog}
      title={editing ? t('basicLines.editTitle') : t('basicLines.addTitle')}
      onCancel={onClose}
      width={620}
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} data-testid="route-form">
        <Form.Item
          name="route_code"
          label={t('basicLines.routeCode')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('basicLines.required') },
            { max: LINE_CODE_MAX, pattern: LINE_CODE_PATTERN, message: t('basicLines.codeRule') },
            {
              validator: async (_, value: string | undefined) => {
                const code = value?.trim();
                if (!code || !LINE_CODE_PATTERN.test(code)) return;
                if (!(await routeApi.codeFree(code, editing?.id))) throw new Error(taken('route_code', code));
              },
            },
          ]}
        >
          <Input autoComplete="off" data-testid="route-form-code" />
        </Form.Item>
        <Form.Item
          name="route_name"
          label={t('basicLines.routeName')}
          validateDebounce={400}
          rules={[
            { required: true, whitespace: true, message: t('basicLines.required') },
            {
              validator: async (_, value: string | undefined) => {
                const name = value?.trim() ?? '';
                if (name.length < LINE_NAME_MIN || name.length > LINE_NAME_MAX)
                  throw new Error(t('basicLines.nameLength'));
                if (!(await routeApi.nameFree(name, editing?.id))) throw new Error(taken('route_name', name));
              },
            },
          ]}
        >
          <Input autoComplete="off" data-testid="route-form-name" />
        </Form.Item>
        <Form.Item name="category" label={t('basicLines.category')} rules={[{ required: true }]}>
          <Select options={options(LINE_CATEGORIES, language)} data-testid="route-form-category" />
        </Form.Item>
        <Form.Item name="state" label={t('basicLines.state')} rules={[{ required: true }]}>
          <Select options={options(ROUTE_STATES, language)} />
        </Form.Item>
        <Form.Item name="travel" label={t('basicLines.travel')} rules={[{ required: true }]}>
          <Select options={options(TRAVEL_CATEGORIES, language)} />
        </Form.Item>
        <Form.Item name="sort_id" label={t('basicLines.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="trunk" label={t('basicLines.trunk')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="open_time" label={t('basicLines.openTime')} rules={[clockRule]}>
          <Input placeholder="05:30" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="stop_time" label={t('basicLines.stopTime')} rules={[clockRule]}>
          <Input placeholder="23:00" style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="ticket" label={t('basicLines.ticket')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('basicLines.remark')}
          rules={[{ max: LINE_REMARK_MAX, message: t('basicLines.remarkLength') }]}
        >
          <Input.TextArea rows={2} maxLength={LINE_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
