import type { TrafficStatus } from '@headway/spec';
import { labelIn, TRAFFIC_STATES, TRAFFIC_STATUS_CODES } from '@headway/spec';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Radio, Table, type TableColumnsType, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../../../windows/window-kinds';
import { useLineMapPermission } from '../access';
import { linesApi, linesKeys, type TrafficRow } from '../api';
import { directionName } from '../diagram/labels';
import { useLiveTraffic, useTraffic } from './use-traffic';
import './traffic.css';
import { ToolWindow } from '../../../windows/ToolWindow';

/**
 * The traffic window (1000×550, spec section 4 "Traffic modal"): the line's stations per direction, each with its
 * traffic state 0–3, set with PUT /dispatch/traffic by users with edit on the line map (read-only otherwise).
 * Every open line map and traffic window of the company follows a change through the live channel.
 */
export default function TrafficWindow(props: WindowProps['traffic'] & { onClose: () => void }) {
  const { route_code: code, onClose } = props;
  const { t, i18n } = useTranslation('lines');
  const { message } = App.useApp();
  const canEdit = useLineMapPermission('edit');
  const client = useQueryClient();
  const lines = useQuery({ queryKey: linesKeys.lines, queryFn: linesApi.lines, staleTime: 10 * 60_000 });
  const line = lines.data?.find((l) => l.route_code === code);
  const { query } = useTraffic(code);
  useLiveTraffic();
  const [saving, setSaving] = useState<number | null>(null);

  const save = useMutation({
    mutationFn: (body: { key: number; traffic_status: TrafficStatus }) => linesApi.setTraffic(body),
    onMutate: (body) => setSaving(body.key),
    onSuccess: (row) => {
      client.setQueryData<TrafficRow[]>(linesKeys.traffic(code), (rows) =>
        rows?.map((r) => (r.key === row.key ? row : r)),
      );
      void message.success(t('lines.trafficWindow.saved'), 2);
    },
    // A refusal is told by the request client; the selector still shows the stored state.
    onSettled: () => setSaving(null),
  });

  const byDirection = useMemo(() => {
    const groups = new Map<number, TrafficRow[]>();
    for (const row of query.data ?? []) {
      const list = groups.get(row.direction) ?? [];
      list.push(row);
      groups.set(row.direction, list);
    }
    for (const list of groups.values()) list.sort((a, b) => a.serial - b.serial);
    return [...groups.entries()].sort((a, b) => a[0] - b[0]);
  }, [query.data]);

  const columns = useMemo<TableColumnsType<TrafficRow>>(
    () => [
      { title: t('lines.trafficWindow.serial'), dataIndex: 'serial', width: 64 },
      { title: t('lines.trafficWindow.station'), dataIndex: 'station_name', ellipsis: true },
      {
        title: t('lines.trafficWindow.state'),
        key: 'state',
        width: 420,
        render: (_: unknown, row) => (
          <Radio.Group
            size="small"
            optionType="button"
            value={row.traffic_status}
            disabled={!canEdit || saving === row.key}
            aria-label={`${t('lines.trafficWindow.state')}: ${row.station_name}`}
            onChange={(e) => save.mutate({ key: row.key, traffic_status: e.target.value as TrafficStatus })}
            data-testid="traffic-state"
            data-station={row.key}
            options={TRAFFIC_STATUS_CODES.map((c) => ({
              value: c,
              label: (
                <span className="hw-traffic__option">
                  <span className="hw-traffic__dot" style={{ background: TRAFFIC_STATES[c].hex }} />
                  {labelIn(TRAFFIC_STATES[c].label, i18n.language)}
                </span>
              ),
            }))}
          />
        ),
      },
      {
        title: t('lines.trafficWindow.updated'),
        dataIndex: 'updated_at',
        width: 150,
        render: (v: number | null) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm') : t('lines.trafficWindow.never')),
      },
      {
        title: t('lines.trafficWindow.by'),
        dataIndex: 'updated_by',
        width: 110,
        ellipsis: true,
        render: (v: string) => v || t('lines.trafficWindow.never'),
      },
    ],
    [t, i18n.language, canEdit, saving, save.mutate],
  );

  return (
    <ToolWindow
      open
      width={1000}
      title={t('lines.trafficWindow.title', { line: line?.route_name ?? code })}
      onCancel={onClose}
      footer={null}
      styles={{ body: { height: 470, overflow: 'hidden' } }}
      data-testid="traffic-window"
    >
      {!canEdit && (
        <Alert type="info" showIcon className="hw-traffic__readonly" title={t('lines.trafficWindow.readOnly')} />
      )}
      <Tabs
        size="small"
        items={byDirection.map(([direction, rows]) => ({
          key: String(direction),
          label: directionName(t, line?.category ?? 0, direction),
          children: (
            <Table<TrafficRow>
              size="small"
              rowKey="key"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ y: canEdit ? 380 : 330 }}
              loading={query.isLoading}
            />
          ),
        }))}
      />
    </ToolWindow>
  );
}
