import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../i18n/format';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { commandsApi, commandsKeys } from '../api';
import { FIRST, next, type PreviewCursor, positionOf, previous } from './preview-cursor';
import { SnapshotImage } from './SnapshotImage';

/** Snapshots listed per page beside the picture. */
const PAGE_SIZE = 10;

/** Preview: the vehicle's past snapshots (img_url, car_name, chn, snap_time), newest first, with previous/next. */
export function PreviewTab({ vehicle }: { vehicle: WindowVehicle }) {
  const { t } = useTranslation('commands');
  const [cursor, setCursor] = useState<PreviewCursor>(FIRST);
  const list = useQuery({
    queryKey: [...commandsKeys.snapshots(vehicle.car_id), cursor.page],
    queryFn: () => commandsApi.snapshots({ car_id: vehicle.car_id, page: cursor.page, limit: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  // While another page loads, the previous one's rows stay listed but nothing is chosen from them.
  const settled = !list.isPlaceholderData;
  const index = cursor.index === 'last' ? rows.length - 1 : cursor.index;
  const current = settled ? rows[index] : undefined;
  const position = positionOf(cursor, PAGE_SIZE, rows.length);

  return (
    <div className="hw-snapshot__preview" data-testid="snapshot-preview">
      <ul className="hw-snapshot__list" aria-busy={list.isFetching}>
        {rows.map((row, i) => (
          <li key={row.id}>
            <button
              type="button"
              className={row === current ? 'hw-snapshot__item hw-snapshot__item--current' : 'hw-snapshot__item'}
              aria-current={row === current ? 'true' : undefined}
              onClick={() => setCursor({ page: cursor.page, index: i })}
              data-testid="snapshot-preview-item"
            >
              <span>{formatTime(row.snap_time)}</span>
              <span className="hw-snapshot__chn">
                {t('commands.snapshot.channel')} {row.chn}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div className="hw-snapshot__picture">
        {current ? (
          <figure className="hw-snapshot__figure">
            <SnapshotImage key={current.id} row={current} testId="snapshot-preview-image" />
            <figcaption>
              {t('commands.snapshot.caption', {
                vehicle: current.car_name,
                channel: current.chn,
                time: formatTime(current.snap_time),
              })}
            </figcaption>
          </figure>
        ) : list.isFetching ? (
          <Spin />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('commands.snapshot.empty')} />
        )}
        <Space className="hw-snapshot__nav">
          <Button
            icon={<LeftOutlined />}
            disabled={!settled || position <= 0}
            onClick={() => setCursor(previous(cursor, rows.length))}
            data-testid="snapshot-prev"
          >
            {t('commands.snapshot.previous')}
          </Button>
          <span data-testid="snapshot-position">
            {total > 0 ? t('commands.snapshot.position', { current: position + 1, total }) : ''}
          </span>
          <Button
            disabled={!settled || position >= total - 1}
            onClick={() => setCursor(next(cursor, PAGE_SIZE, rows.length, total))}
            data-testid="snapshot-next"
          >
            {t('commands.snapshot.next')} <RightOutlined />
          </Button>
        </Space>
      </div>
    </div>
  );
}
