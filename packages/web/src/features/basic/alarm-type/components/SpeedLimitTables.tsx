import { useQuery } from '@tanstack/react-query';
import { App, Button, InputNumber, Select, Space, Table } from 'antd';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/errors';
import { ConfirmLink } from '../../../../components/list-page/ConfirmLink';
import {
  ALARM_RULES_KEY,
  type AlarmRulesLine,
  type AlarmRulesVehicle,
  alarmRulesApi,
  type SpeedLimitBody,
} from '../api';
import { SPEED_LIMIT_MAX, speedLimitBody } from './alarm-rules-form';

// The lines' and vehicles' own over-speed limits (null inherits: vehicle → line → company; 0 = no limit), each
// saved on its own with PUT /basic/alarm/speed-limit.

interface Saving {
  editable: boolean;
  /** Sends one limit; resolves once saved and the lists are reloaded. */
  save: (body: SpeedLimitBody) => Promise<void>;
}

/** Saves a limit, tells the user and reloads the lists; a refused save was already shown by the request client. */
export function useSpeedLimitSave(onSaved: () => void): (body: SpeedLimitBody) => Promise<void> {
  const { t } = useTranslation('safety');
  const { message } = App.useApp();
  return async (body) => {
    try {
      await alarmRulesApi.setLimit(body);
    } catch (error) {
      if (error instanceof ApiError) return;
      throw error;
    }
    message.success(t('safety.saved'));
    onSaved();
  };
}

function useLimitText() {
  const { t } = useTranslation('safety');
  return (value: number) => (value === 0 ? t('safety.rules.noLimit') : t('safety.rules.kmhValue', { value }));
}

interface LimitCellProps extends Saving {
  kind: SpeedLimitBody['kind'];
  id: number;
  current: number | null;
  /** What an empty limit means here (the company's default, or "line or company"). */
  inherited: string;
}

/** One row's limit: an input and its own Save while it differs from what is stored; plain text when read only. */
function LimitCell({ kind, id, current, inherited, editable, save }: LimitCellProps) {
  const { t } = useTranslation('safety');
  const limitText = useLimitText();
  const [value, setValue] = useState<number | null>(current);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(current), [current]);
  if (!editable) return <span>{current === null ? inherited : limitText(current)}</span>;
  const dirty = value !== current;
  const submit = async () => {
    if (!dirty) return;
    setBusy(true);
    try {
      await save(speedLimitBody(kind, id, value));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space size={4}>
      <InputNumber<number>
        min={0}
        max={SPEED_LIMIT_MAX}
        precision={0}
        value={value}
        onChange={(v) => setValue(v ?? null)}
        onPressEnter={() => void submit()}
        placeholder={inherited}
        suffix={t('safety.rules.kmh')}
        style={{ width: 220 }}
        data-testid={`speed-limit-${kind}-${id}`}
      />
      {dirty && (
        <Button type="link" size="small" loading={busy} onClick={() => void submit()}>
          {t('safety.save')}
        </Button>
      )}
    </Space>
  );
}

export function LineLimitsTable({
  lines,
  companyDefault,
  ...saving
}: Saving & { lines: AlarmRulesLine[]; companyDefault: number }) {
  const { t } = useTranslation('safety');
  const limitText = useLimitText();
  const inherited = t('safety.rules.companyDefault', { value: limitText(companyDefault) });
  return (
    <Table<AlarmRulesLine>
      rowKey="route_id"
      size="small"
      dataSource={lines}
      pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('safety.rules.noLines') }}
      columns={[
        { title: t('safety.rules.lineCode'), dataIndex: 'route_code', width: 140 },
        { title: t('safety.rules.lineName'), dataIndex: 'route_name' },
        {
          title: t('safety.rules.speedLimit'),
          key: 'limit',
          width: 320,
          render: (_, row) => (
            <LimitCell kind="line" id={row.route_id} current={row.speed_limit} inherited={inherited} {...saving} />
          ),
        },
      ]}
    />
  );
}

/** Picks a vehicle of the company by name or plate and gives it a limit of its own. */
function AddVehicleLimit({ save }: Pick<Saving, 'save'>) {
  const { t } = useTranslation('safety');
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [carId, setCarId] = useState<number | null>(null);
  const [limit, setLimit] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const found = useQuery({
    queryKey: [...ALARM_RULES_KEY, 'vehicles', term],
    queryFn: () => alarmRulesApi.searchVehicles(term),
  });
  const add = async () => {
    if (carId === null || limit === null) return;
    setBusy(true);
    try {
      await save(speedLimitBody('vehicle', carId, limit));
      setCarId(null);
      setLimit(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <Select<number>
        showSearch={{ filterOption: false, onSearch: setSearch }}
        style={{ width: 280 }}
        placeholder={t('safety.rules.pickVehicle')}
        value={carId}
        onChange={setCarId}
        loading={found.isFetching}
        options={(found.data ?? []).map((v) => ({
          value: v.car_id,
          label: [v.car_name, v.lpn, v.route_name].filter(Boolean).join(' · '),
        }))}
        data-testid="speed-limit-vehicle-pick"
      />
      <InputNumber<number>
        min={0}
        max={SPEED_LIMIT_MAX}
        precision={0}
        value={limit}
        onChange={(v) => setLimit(v ?? null)}
        placeholder={t('safety.rules.speedLimit')}
        suffix={t('safety.rules.kmh')}
        style={{ width: 160 }}
        data-testid="speed-limit-vehicle-value"
      />
      <Button type="primary" disabled={carId === null || limit === null} loading={busy} onClick={() => void add()}>
        {t('safety.rules.add')}
      </Button>
    </Space>
  );
}

export function VehicleLimits({ vehicles, ...saving }: Saving & { vehicles: AlarmRulesVehicle[] }) {
  const { t } = useTranslation('safety');
  const inherited = t('safety.rules.inherited');
  return (
    <>
      {saving.editable && <AddVehicleLimit save={saving.save} />}
      <Table<AlarmRulesVehicle>
        rowKey="car_id"
        size="small"
        dataSource={vehicles}
        pagination={{ defaultPageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('safety.rules.noVehicles') }}
        columns={[
          { title: t('safety.rules.vehicle'), dataIndex: 'car_name' },
          { title: t('safety.rules.plate'), dataIndex: 'lpn', render: (v: string) => v || '--' },
          { title: t('safety.rules.line'), dataIndex: 'route_name', render: (v: string) => v || '--' },
          {
            title: t('safety.rules.speedLimit'),
            key: 'limit',
            width: 320,
            render: (_, row) => (
              <LimitCell kind="vehicle" id={row.car_id} current={row.speed_limit} inherited={inherited} {...saving} />
            ),
          },
          ...(saving.editable
            ? [
                {
                  title: t('safety.actions'),
                  key: 'actions',
                  width: 100,
                  render: (_: unknown, row: AlarmRulesVehicle) => (
                    <ConfirmLink
                      title={t('safety.rules.removeConfirm')}
                      onConfirm={() => saving.save(speedLimitBody('vehicle', row.car_id, null))}
                    >
                      {t('safety.rules.remove')}
                    </ConfirmLink>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
