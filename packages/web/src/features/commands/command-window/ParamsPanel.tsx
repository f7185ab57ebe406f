import { parameterOf, QUEUE_EXPIRY_HOURS } from '@headway/spec';
import { App, Button, Checkbox, Input, Select, Space, Table, type TableColumnsType, Tooltip } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { commandsApi } from '../api';
import type { CommandRun } from '../command-result';
import {
  editsToWrite,
  hexId,
  idsToRead,
  initialRows,
  mergeRead,
  type ParamRow,
  parameterName,
  rowsOfAll,
  shownValue,
} from './param-rows';

type Reason = 'required' | 'integer' | 'decimal' | 'range' | 'ipv4';

interface ParamsPanelProps extends CommandRun {
  vehicle: WindowVehicle;
  canEdit: boolean;
}

/**
 * Parameters (spec section 4 "Command modal", section 5 "Parameter edit"): the console's ids with their values,
 * read by selection (0x8106) or all at once (0x8104), edited in place with each id's rule and written (0x8103).
 * Beyond the spec, a write may be queued for an offline terminal with an expiry.
 */
export function ParamsPanel({ vehicle, canEdit, busy, run }: ParamsPanelProps) {
  const { t, i18n } = useTranslation('commands');
  const { message } = App.useApp();
  const [rows, setRows] = useState<ParamRow[]>(initialRows);
  const [selected, setSelected] = useState<number[]>([]);
  const [drafts, setDrafts] = useState<ReadonlyMap<number, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<number, Reason>>(new Map());
  const [queue, setQueue] = useState(false);
  const [queueHours, setQueueHours] = useState<number>(QUEUE_EXPIRY_HOURS[0] ?? 1);

  const forget = (ids: readonly number[]) => {
    setDrafts((d) => new Map([...d].filter(([id]) => !ids.includes(id))));
    setErrors((e) => new Map([...e].filter(([id]) => !ids.includes(id))));
  };

  const readSelected = async () => {
    // Spec section 5: a read with no row selected does nothing.
    if (selected.length === 0) return;
    const ids = idsToRead(selected);
    const result = await run('read', () => commandsApi.readParams({ imei: vehicle.imei, params: ids }));
    if (!result) return;
    setRows((r) => mergeRead(r, result.params));
    forget(result.params.map((p) => p.id));
  };

  const readAll = async () => {
    const result = await run('readAll', () => commandsApi.readParams({ imei: vehicle.imei }));
    if (!result) return;
    const next = rowsOfAll(result.params);
    setRows(next);
    setSelected((s) => s.filter((id) => next.some((r) => r.id === id)));
    setDrafts(new Map());
    setErrors(new Map());
  };

  const write = async () => {
    if (drafts.size === 0) return;
    const edits = editsToWrite(drafts);
    if (!edits.ok) {
      setErrors(edits.errors);
      void message.warning(t('commands.params.fixErrors'));
      return;
    }
    const outcome = await run('write', () =>
      commandsApi.writeParams({
        imei: vehicle.imei,
        params: edits.params,
        ...(queue ? { queue: { expire_hours: queueHours } } : {}),
      }),
    );
    if (!outcome) return;
    setRows((r) => mergeRead(r, edits.params));
    forget(edits.params.map((p) => p.id));
    if (outcome.state === 0) void message.info(t('commands.params.queued', { hours: queueHours }));
    else void message.success(t('commands.params.written'));
  };

  const edit = (row: ParamRow, text: string) => {
    setDrafts((d) => {
      const next = new Map(d);
      if (text === shownValue(row.id, row.value)) next.delete(row.id);
      else next.set(row.id, text);
      return next;
    });
    setErrors((e) => {
      if (!e.has(row.id)) return e;
      const next = new Map(e);
      next.delete(row.id);
      return next;
    });
  };

  // Spec section 5: "value required (on blur)", then the id's format.
  const check = (id: number) => {
    const text = drafts.get(id);
    if (text === undefined) return;
    const result = editsToWrite(new Map([[id, text]]));
    setErrors((e) => {
      const next = new Map(e);
      if (result.ok) next.delete(id);
      else next.set(id, result.errors.get(id) as Reason);
      return next;
    });
  };

  const reasonText = (id: number, reason: Reason): string => {
    const rule = parameterOf(id)?.edit;
    if (reason === 'range' && rule && rule.kind !== 'ipv4') {
      return t('commands.params.errors.range', { min: rule.min, max: rule.max });
    }
    if (reason === 'decimal' && rule?.kind === 'decimal') {
      return t('commands.params.errors.decimal', { decimals: rule.decimals });
    }
    if (reason === 'decimal') return t('commands.params.errors.decimal', { decimals: 1 });
    return t(`commands.params.errors.${reason}` as 'commands.params.errors.required');
  };

  // Rebuilt each render: the value cells follow the drafts and errors (a dozen rows).
  const columns: TableColumnsType<ParamRow> = [
    {
      title: t('commands.params.id'),
      dataIndex: 'id',
      width: 130,
      render: (id: number) => (
        <span>
          {id} <span className="hw-command__hex">{hexId(id)}</span>
        </span>
      ),
    },
    {
      title: t('commands.params.name'),
      key: 'name',
      ellipsis: true,
      render: (_: unknown, row) => parameterName(row.id, i18n.language),
    },
    {
      title: t('commands.params.value'),
      key: 'value',
      width: 300,
      render: (_: unknown, row) => {
        const shown = shownValue(row.id, row.value);
        if (!canEdit) return <span data-testid={`param-value-${row.id}`}>{shown}</span>;
        const reason = errors.get(row.id);
        return (
          <Tooltip open={reason ? undefined : false} title={reason ? reasonText(row.id, reason) : undefined}>
            <Input
              size="small"
              value={drafts.get(row.id) ?? shown}
              status={reason ? 'error' : undefined}
              aria-label={parameterName(row.id, i18n.language)}
              aria-invalid={reason ? true : undefined}
              onChange={(e) => edit(row, e.target.value)}
              onBlur={() => check(row.id)}
              data-testid={`param-value-${row.id}`}
            />
          </Tooltip>
        );
      },
    },
  ];

  const errorList = [...errors].map(([id, reason]) => `${parameterName(id, i18n.language)}: ${reasonText(id, reason)}`);

  return (
    <div className="hw-command__panel" data-testid="params-panel">
      <div className="hw-command__toolbar">
        <Space wrap>
          <Button
            type="primary"
            disabled={busy !== null}
            loading={busy === 'read'}
            onClick={() => void readSelected()}
            data-testid="param-read"
          >
            {t('commands.params.readSelected')}
          </Button>
          <Button
            disabled={busy !== null}
            loading={busy === 'readAll'}
            onClick={() => void readAll()}
            data-testid="param-read-all"
          >
            {t('commands.params.readAll')}
          </Button>
          {canEdit && (
            <>
              <Button
                disabled={busy !== null || drafts.size === 0}
                loading={busy === 'write'}
                onClick={() => void write()}
                data-testid="param-write"
              >
                {t('commands.params.write')}
              </Button>
              <Checkbox checked={queue} onChange={(e) => setQueue(e.target.checked)} data-testid="param-queue">
                {t('commands.params.queue')}
              </Checkbox>
              <Select<number>
                size="small"
                style={{ width: 100 }}
                disabled={!queue}
                value={queueHours}
                onChange={setQueueHours}
                aria-label={t('commands.params.queueExpiry')}
                options={QUEUE_EXPIRY_HOURS.map((h) => ({ value: h, label: t('commands.params.hours', { hours: h }) }))}
                data-testid="param-queue-hours"
              />
            </>
          )}
        </Space>
      </div>
      {errorList.length > 0 && (
        <div className="hw-command__errors" role="alert" data-testid="param-errors">
          {errorList.map((text) => (
            <div key={text}>{text}</div>
          ))}
        </div>
      )}
      <div data-testid="param-table">
        <Table<ParamRow>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          pagination={false}
          scroll={{ y: errorList.length > 0 ? 300 : 340 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          onRow={(row) => ({ 'data-testid': `param-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        />
      </div>
    </div>
  );
}
