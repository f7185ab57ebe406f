import { INSURANCE_WARNING_DAYS, VEHICLE_EXPIRY_WARNING_DAYS } from '@headway/spec';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../../../shell/settings/use-settings';
import { type ExpiryKind, type ExpiryRow, fleetKeys, vehicleApi } from '../api';
import { ExpiryDate } from '../ExpiryDate';
import { formatDay, vehicleLabel } from '../labels';

// The expiry dialogs at layout load (spec section 2 "Expiry dialogs (800px) at layout load", section 4): the
// insurance dialog when the user's insurance reminder is on and the 45-day list is non-empty, then the vehicle
// expiry dialog (15 days) likewise. 10 rows a page, paged by the server. Each closes for this visit; "do not
// remind me again" turns the user's option off (PUT /owner/user/config), as the settings' switch would.

/** Spec section 9: expiry lists 10 per page. */
const PAGE_SIZE = 10;

const OPTION: Record<ExpiryKind, 'insurance_reminder' | 'vehicle_expire_reminder'> = {
  insurance: 'insurance_reminder',
  vehicle: 'vehicle_expire_reminder',
};

function ReminderDialog({ kind, onClose }: { kind: ExpiryKind; onClose: () => void }) {
  const { t, i18n } = useTranslation('fleet');
  const { t: tc } = useTranslation();
  const [page, setPage] = useState(1);
  const lang = i18n.language;
  const label = (key: Parameters<typeof vehicleLabel>[0]) => vehicleLabel(key, lang);
  const reminder = useQuery({
    queryKey: [fleetKeys.expiry, 'reminder', kind, page],
    queryFn: () => vehicleApi.reminder({ kind, page, limit: PAGE_SIZE }),
  });
  const part = reminder.data?.[kind];
  const now = reminder.data?.time ?? Math.floor(Date.now() / 1000);
  const insurance = kind === 'insurance';
  const date = (field: 'compulsory_insurance_time' | 'commercial_insurance_time' | 'expire_time') => ({
    title: label(field),
    dataIndex: field,
    width: 200,
    render: (value: number | null) => (
      <ExpiryDate
        date={value}
        now={now}
        windowDays={insurance ? INSURANCE_WARNING_DAYS : VEHICLE_EXPIRY_WARNING_DAYS}
        tone={insurance ? 'insurance' : 'vehicle'}
      />
    ),
  });
  const columns: TableColumnsType<ExpiryRow> = insurance
    ? [
        { title: label('car_name'), dataIndex: 'car_name', width: 150 },
        { title: label('route_id'), dataIndex: 'route_name', width: 150, render: (v: string) => v || '--' },
        date('compulsory_insurance_time'),
        date('commercial_insurance_time'),
      ]
    : [
        { title: label('car_name'), dataIndex: 'car_name', width: 150 },
        { title: label('lpn'), dataIndex: 'lpn', width: 120 },
        {
          title: label('register_time'),
          dataIndex: 'register_time',
          width: 150,
          render: formatDay,
        },
        date('expire_time'),
      ];

  async function turnOff() {
    // Through the settings store, so the Settings switch shows it and a later settings save does not turn it back on.
    await settingsStore
      .getState()
      .update({ [OPTION[kind]]: false })
      .catch(() => undefined);
    onClose();
  }

  return (
    <Modal
      open
      width={800}
      title={t(insurance ? 'fleet.expiry.insuranceTitle' : 'fleet.expiry.vehicleTitle', { total: part?.total ?? 0 })}
      onCancel={onClose}
      footer={[
        <Button key="off" onClick={() => void turnOff()}>
          {t('fleet.expiry.turnOff')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose}>
          {tc('common.ok')}
        </Button>,
      ]}
      data-testid={`expiry-dialog-${kind}`}
    >
      <Typography.Paragraph type="secondary">
        {t(insurance ? 'fleet.expiry.insuranceHint' : 'fleet.expiry.vehicleHint')}
      </Typography.Paragraph>
      <Table<ExpiryRow>
        rowKey="car_id"
        size="small"
        loading={reminder.isFetching}
        dataSource={part?.rows ?? []}
        columns={columns}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: part?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      />
    </Modal>
  );
}

/** Mounted once per signed-in shell: asks once at load, then shows the dialogs that have rows, one after the other. */
export default function ExpiryReminders() {
  const first = useQuery({
    queryKey: [fleetKeys.expiry, 'reminder', 'load'],
    queryFn: () => vehicleApi.reminder({ limit: PAGE_SIZE }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [closed, setClosed] = useState<ReadonlySet<ExpiryKind>>(new Set());
  if (!first.data) return null;
  const due = (['insurance', 'vehicle'] as const).filter(
    (kind) => first.data[kind].enabled && first.data[kind].total > 0 && !closed.has(kind),
  );
  const kind = due[0];
  if (!kind) return null;
  return <ReminderDialog key={kind} kind={kind} onClose={() => setClosed((s) => new Set([...s, kind]))} />;
}
