import { SendOutlined } from '@ant-design/icons';
import { RegionTypeCode } from '@headway/spec';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Popconfirm, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import { useCommandPermission } from '../../../commands/access';
import {
  type RegionPushOutcome,
  type RegionPushRow,
  type RegionRow,
  regionApi,
  regionKeys,
} from '../../../regions/api';
import { failureText } from '../failure';
import { PushDialog } from './PushDialog';
import { PushOutcomeList, StateTag } from './PushOutcomeList';

/** The set messages (0x8600/02/04/06) are even, their deletes (0x8601/03/05/07) odd (JT/T 808 section 8.51–8.58). */
const isDelete = (command: number) => (command & 1) === 1;

/**
 * "On the terminals": which vehicles were last sent this region or told to delete it, and how they answered; send
 * it to more vehicles or take it back from the ticked ones. Pushing is a terminal command, so the command window's
 * access governs it (the live map's or line map's mask), not this screen's. A POI cannot be pushed: JT/T 808 has
 * circles, rectangles, polygons and routes only.
 */
export function RegionTerminals({ region }: { region: RegionRow }) {
  const { t } = useTranslation('regions');
  const { notification } = App.useApp();
  const client = useQueryClient();
  const canRead = useCommandPermission('view');
  const canSend = useCommandPermission('edit');
  const pushable = region.region_type !== RegionTypeCode.poi;
  const [ticked, setTicked] = useState<number[]>([]);
  const [pushing, setPushing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [outcome, setOutcome] = useState<RegionPushOutcome[] | null>(null);
  const pushes = useQuery({
    queryKey: regionKeys.pushes(region.id),
    queryFn: () => regionApi.pushes(region.id),
    enabled: canRead && pushable,
  });

  if (!canRead) return null;

  async function unpush() {
    setRemoving(true);
    try {
      const result = await regionApi.unpush({ region_id: region.id, car_list: ticked });
      setOutcome(result.rows);
      setTicked([]);
      void client.invalidateQueries({ queryKey: regionKeys.pushes(region.id) });
    } catch (error) {
      notification.error({ title: t('regions.failed', failureText(error)) });
    } finally {
      setRemoving(false);
    }
  }

  const columns: TableColumnsType<RegionPushRow> = [
    { title: t('regions.page.vehicle'), dataIndex: 'car_name', ellipsis: true },
    {
      title: t('regions.page.command'),
      dataIndex: 'command',
      width: 90,
      render: (command: number) => (isDelete(command) ? t('regions.page.commandDelete') : t('regions.page.commandSet')),
    },
    {
      title: t('regions.page.state'),
      dataIndex: 'state',
      width: 190,
      render: (state: RegionPushRow['state']) => <StateTag state={state} />,
    },
    { title: t('regions.page.replyTime'), dataIndex: 'reply_time', width: 170, render: formatTime },
  ];

  return (
    <section className="hw-region-detail__section" aria-label={t('regions.page.terminals')}>
      <div className="hw-region-detail__bar">
        <Typography.Title level={5}>{t('regions.page.terminals')}</Typography.Title>
        {pushable && canSend && (
          <>
            <Popconfirm
              title={t('regions.page.removeConfirm', { count: ticked.length })}
              okText={t('regions.page.removeFrom')}
              cancelText={t('regions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => unpush()}
              disabled={ticked.length === 0}
            >
              <Button danger disabled={ticked.length === 0} loading={removing} data-testid="region-unpush">
                {t('regions.page.removeFrom')}
              </Button>
            </Popconfirm>
            <Button type="primary" icon={<SendOutlined />} onClick={() => setPushing(true)} data-testid="region-push">
              {t('regions.page.sendTo')}
            </Button>
          </>
        )}
      </div>
      {pushable ? (
        <Table<RegionPushRow>
          rowKey="car_id"
          size="small"
          columns={columns}
          dataSource={pushes.data ?? []}
          loading={pushes.isFetching}
          pagination={false}
          locale={{ emptyText: <span className="hw-region-detail__empty">{t('regions.page.noPushes')}</span> }}
          rowSelection={
            canSend
              ? {
                  selectedRowKeys: ticked,
                  onChange: (keys) => setTicked(keys.map(Number)),
                  getCheckboxProps: (row) => ({ 'aria-label': t('regions.page.selectPushes', { name: row.car_name }) }),
                }
              : undefined
          }
          data-testid="region-detail-pushes"
        />
      ) : (
        <Alert type="info" showIcon title={t('regions.page.poiNoPush')} data-testid="region-poi-no-push" />
      )}
      {pushable && canSend && <PushDialog region={region} open={pushing} onClose={() => setPushing(false)} />}
      <Modal
        open={outcome !== null}
        onCancel={() => setOutcome(null)}
        title={`${t('regions.page.removeFrom')} · ${region.region_name}`}
        footer={<Button onClick={() => setOutcome(null)}>{t('regions.page.close')}</Button>}
      >
        {outcome && <PushOutcomeList rows={outcome} />}
      </Modal>
    </section>
  );
}
