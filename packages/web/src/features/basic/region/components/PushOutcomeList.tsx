import { COMMAND_STATES, type CommandState, labelIn } from '@headway/spec';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegionPushOutcome } from '../../../regions/api';

/** Colours of a command's state (COMMAND_STATES): acknowledged green, refused red, not reachable orange. */
export const STATE_COLOURS: { readonly [state in CommandState]: string } = {
  0: 'blue',
  1: 'processing',
  2: 'success',
  3: 'error',
  4: 'warning',
  5: 'default',
};

export function StateTag({ state }: { state: CommandState }) {
  const { i18n } = useTranslation();
  return <Tag color={STATE_COLOURS[state]}>{labelIn(COMMAND_STATES[state].label, i18n.language)}</Tag>;
}

/** Each vehicle's answer to a push or an unpush: its state and, when refused or unanswered, the result code. */
export function PushOutcomeList({ rows }: { rows: readonly RegionPushOutcome[] }) {
  const { t } = useTranslation('regions');
  const acknowledged = rows.filter((r) => r.state === 2).length;
  return (
    <div className="hw-region-outcome" data-testid="region-push-outcome">
      <Typography.Title level={5}>{t('regions.page.outcomeTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('regions.page.outcomeSummary', { ok: acknowledged, total: rows.length })}
      </Typography.Paragraph>
      <Table<RegionPushOutcome>
        size="small"
        rowKey="car_id"
        pagination={false}
        dataSource={[...rows]}
        onRow={(row) => ({ 'data-testid': `region-push-outcome-${row.car_id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('regions.page.vehicle'), dataIndex: 'car_name', ellipsis: true },
          {
            title: t('regions.page.state'),
            key: 'state',
            render: (_, row) => (
              <>
                <StateTag state={row.state} />
                {row.state !== 2 && row.result !== null && (
                  <Typography.Text type="secondary">
                    {t('regions.page.outcomeResult', { result: row.result })}
                  </Typography.Text>
                )}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
