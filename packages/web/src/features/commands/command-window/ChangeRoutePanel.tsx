import { labelIn, OPERATION_STATES } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { commandsApi, commandsKeys } from '../api';
import type { CommandRun } from '../command-result';
import { type ChangeRouteForm, changeRouteBody } from './change-route';

interface ChangeRoutePanelProps extends CommandRun {
  vehicle: WindowVehicle;
  canEdit: boolean;
}

/** How long the confirmation stays (issue 13: "a notification confirms (2000 ms)"), in antd's seconds. */
const NOTIFICATION_SECONDS = 2;

/**
 * Change route (spec "Change-route form" {car_id, route_id, type, route_code, attr}): the bus's operation state,
 * its line, its direction and whether the direction is synced, and a remark. POST /dispatch/change-route; the
 * server rebinds the vehicle and the ingest follows at once.
 */
export function ChangeRoutePanel({ vehicle, canEdit, busy, run }: ChangeRoutePanelProps) {
  const { t, i18n } = useTranslation('commands');
  const { notification } = App.useApp();
  const [form] = Form.useForm<ChangeRouteForm>();
  const state = Form.useWatch('state', form);
  const lines = useQuery({ queryKey: commandsKeys.lines, queryFn: commandsApi.lines, staleTime: 10 * 60_000 });
  const current = lines.data?.find((l) => l.route_code === vehicle.route_code);

  // The vehicle's line is preselected once the lines arrive, unless one was chosen meanwhile.
  useEffect(() => {
    if (current && form.getFieldValue('route_id') === undefined) form.setFieldValue('route_id', current.route_id);
  }, [current, form]);

  const submit = async (values: ChangeRouteForm) => {
    const line = lines.data?.find((l) => l.route_id === values.route_id);
    if (!line) return;
    const done = await run('route', async () => {
      await commandsApi.changeRoute(changeRouteBody(vehicle.car_id, line.route_code, values));
      return true;
    });
    if (done) {
      notification.success({
        title: t('commands.route.changed', { name: vehicle.car_name, line: line.route_name || line.route_code }),
        duration: NOTIFICATION_SECONDS,
      });
    }
  };

  return (
    <div className="hw-command__panel" data-testid="route-panel">
      <Form<ChangeRouteForm>
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 14 }}
        disabled={!canEdit}
        initialValues={{ state: 1, direction: 1, sync: true }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="state" label={t('commands.route.state')}>
          <Radio.Group
            options={[1, 0].map((code) => ({
              value: code,
              label: labelIn(OPERATION_STATES[code as 0 | 1].label, i18n.language),
            }))}
            data-testid="route-state"
          />
        </Form.Item>
        <Form.Item
          name="route_id"
          label={t('commands.route.line')}
          rules={[{ required: true, message: t('commands.route.lineRequired') }]}
        >
          <Select<number>
            showSearch={{ optionFilterProp: 'label' }}
            loading={lines.isLoading}
            placeholder={t('commands.route.line')}
            options={(lines.data ?? []).map((l) => ({
              value: l.route_id,
              label: l.route_name && l.route_name !== l.route_code ? `${l.route_code} · ${l.route_name}` : l.route_code,
            }))}
            data-testid="route-line"
          />
        </Form.Item>
        <Form.Item name="direction" label={t('commands.route.direction')}>
          <Radio.Group
            disabled={state === 0}
            options={[
              { value: 1, label: t('commands.route.up') },
              { value: 2, label: t('commands.route.down') },
            ]}
            data-testid="route-direction"
          />
        </Form.Item>
        <Form.Item name="sync" valuePropName="checked" wrapperCol={{ offset: 6, span: 14 }}>
          <Checkbox disabled={state === 0} data-testid="route-sync">
            {t('commands.route.sync')}
          </Checkbox>
        </Form.Item>
        <Form.Item name="attr" label={t('commands.route.remark')}>
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="route-remark" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6, span: 14 }}>
          <Button
            type="primary"
            htmlType="submit"
            disabled={!canEdit || busy !== null}
            loading={busy === 'route'}
            data-testid="change-route-submit"
          >
            {t('commands.route.submit')}
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
