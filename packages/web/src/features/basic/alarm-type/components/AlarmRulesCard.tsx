import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Divider, Form, InputNumber, Row, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { ListError } from '../../../../components/list-page/ListError';
import { ALARM_RULES_KEY, alarmRulesApi } from '../api';
import { type AlarmRulesFormValues, alarmRulesBody, RULE_FIELDS } from './alarm-rules-form';
import { LineLimitsTable, useSpeedLimitSave, VehicleLimits } from './SpeedLimitTables';

type RuleField = (typeof RULE_FIELDS)[number]['name'];

/** Label and help keys of each rule (safety.rules.*). */
const RULE_TEXT = {
  over_speed_kmh: ['safety.rules.overSpeedKmh', 'safety.rules.overSpeedKmhHelp'],
  over_speed_seconds: ['safety.rules.overSpeedSeconds', 'safety.rules.overSpeedSecondsHelp'],
  offline_minutes: ['safety.rules.offlineMinutes', 'safety.rules.offlineMinutesHelp'],
  parking_minutes: ['safety.rules.parkingMinutes', 'safety.rules.parkingMinutesHelp'],
  depot_radius_m: ['safety.rules.depotRadius', 'safety.rules.depotRadiusHelp'],
} as const satisfies Record<RuleField, readonly [string, string]>;

/**
 * Basic → Alarm types, "Platform alarm rules" (the section above the type list): the company's thresholds for the alarms the platform raises itself
 * (over speed, offline, long parking) and the lines' and vehicles' own speed limits. Read only without the edit
 * permission of the screen; the server applies a change to the running ingest at once (docs/alarms.md "Rules").
 */
export function AlarmRulesCard({ editable }: { editable: boolean }) {
  const { t } = useTranslation('safety');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<AlarmRulesFormValues>();
  const [saving, setSaving] = useState(false);
  const current = useQuery({ queryKey: ALARM_RULES_KEY, queryFn: alarmRulesApi.get });
  const reload = () => void client.invalidateQueries({ queryKey: ALARM_RULES_KEY });
  const saveLimit = useSpeedLimitSave(reload);

  const rules = current.data?.rules;
  useEffect(() => {
    if (rules) form.setFieldsValue(rules);
  }, [rules, form]);

  async function submit() {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await alarmRulesApi.save(alarmRulesBody(values));
      message.success(t('safety.saved'));
      reload();
    } catch (error) {
      // Shown by the request client already.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  }

  const limitHelp = (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
      {t('safety.rules.limitHelp')}
    </Typography.Paragraph>
  );
  return (
    <section data-testid="alarm-rules">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('safety.rules.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('safety.rules.intro')}</Typography.Paragraph>
      {current.isError ? (
        <ListError error={current.error} onRetry={() => void current.refetch()} />
      ) : (
        <Tabs
          size="small"
          items={[
            {
              key: 'rules',
              label: t('safety.rules.tabRules'),
              children: (
                <Form
                  form={form}
                  layout="vertical"
                  disabled={!editable || !rules}
                  onFinish={() => void submit()}
                  data-testid="alarm-rules-form"
                >
                  {!editable && (
                    <Alert type="info" showIcon title={t('safety.rules.readOnly')} style={{ marginBottom: 12 }} />
                  )}
                  <Row gutter={16}>
                    {RULE_FIELDS.map(({ name, max, unit }) => {
                      const [label, help] = RULE_TEXT[name];
                      return (
                        <Col key={name} xs={24} md={12} xl={8}>
                          <Form.Item
                            name={name}
                            label={t(label)}
                            extra={t(help)}
                            rules={[
                              { required: true, message: t('safety.validation.required', { field: t(label) }) },
                              {
                                type: 'integer',
                                min: 0,
                                max,
                                message: t('safety.rules.range', { min: 0, max }),
                              },
                            ]}
                          >
                            <InputNumber<number>
                              min={0}
                              max={max}
                              precision={0}
                              suffix={t(`safety.rules.${unit}`)}
                              style={{ width: '100%' }}
                              data-testid={`alarm-rule-${name}`}
                            />
                          </Form.Item>
                        </Col>
                      );
                    })}
                  </Row>
                  {editable && (
                    <Button type="primary" htmlType="submit" loading={saving} data-testid="alarm-rules-save">
                      {t('safety.save')}
                    </Button>
                  )}
                </Form>
              ),
            },
            {
              key: 'lines',
              label: t('safety.rules.tabLines', { count: current.data?.lines.length ?? 0 }),
              children: (
                <>
                  {limitHelp}
                  <LineLimitsTable
                    lines={current.data?.lines ?? []}
                    companyDefault={rules?.over_speed_kmh ?? 0}
                    editable={editable}
                    save={saveLimit}
                  />
                </>
              ),
            },
            {
              key: 'vehicles',
              label: t('safety.rules.tabVehicles', { count: current.data?.vehicles.length ?? 0 }),
              children: (
                <>
                  {limitHelp}
                  <VehicleLimits vehicles={current.data?.vehicles ?? []} editable={editable} save={saveLimit} />
                </>
              ),
            },
          ]}
        />
      )}
      <Divider />
    </section>
  );
}
