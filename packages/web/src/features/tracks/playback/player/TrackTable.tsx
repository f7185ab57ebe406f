import type { TrackPoint } from '@headway/server/contract';
import { bitNames, labelIn, PLAYBACK_TABLE_PAGE_SIZE, STATE_BITS, WARNING_BITS } from '@headway/spec';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../../i18n/format';
import type { PlaybackEngine } from '../engine';
import { pointAt, type TrackSet } from '../track-data';

interface Row {
  position: number;
  point: TrackPoint;
}

function names(word: number, table: typeof STATE_BITS | typeof WARNING_BITS, language: string): string {
  return bitNames(word, table)
    .map((k) =>
      labelIn((table as Record<string, { label: { en: string; zh: string; th: string } }>)[k]!.label, language),
    )
    .join(', ');
}

/**
 * The points of the result in playing order (spec "Track replay" table, 20 per page); a double-click jumps the
 * player there. It does not follow the ticks: paging 60,000 rows per tick would cost more than the whole tick.
 */
export function TrackTable({ engine, set }: { engine: PlaybackEngine; set: TrackSet }) {
  const { t, i18n } = useTranslation('tracks');
  const [page, setPage] = useState(1);
  const rows = useMemo<Row[]>(
    () =>
      Array.from({ length: set.length }, (_, position) => ({ position, point: pointAt(set, position) as TrackPoint })),
    [set],
  );
  const language = i18n.language;
  const columns = useMemo<TableColumnsType<Row>>(
    () => [
      { title: t('tracks.table.index'), dataIndex: 'position', width: 70, render: (p: number) => p + 1 },
      {
        title: t('tracks.table.line'),
        width: 140,
        ellipsis: true,
        render: (_, r) => r.point.route_name || r.point.route_code || '--',
      },
      { title: t('tracks.table.vehicle'), width: 100, ellipsis: true, render: (_, r) => r.point.car_name },
      { title: t('tracks.table.time'), width: 160, render: (_, r) => formatTime(r.point.event_time) },
      { title: t('tracks.table.station'), width: 140, ellipsis: true, render: (_, r) => r.point.station_name || '--' },
      { title: t('tracks.table.speed'), width: 100, render: (_, r) => r.point.speed },
      { title: t('tracks.table.mileage'), width: 110, render: (_, r) => r.point.mileage ?? '--' },
      { title: t('tracks.table.lat'), width: 100, render: (_, r) => r.point.lat.toFixed(6) },
      { title: t('tracks.table.lng'), width: 110, render: (_, r) => r.point.lng.toFixed(6) },
      { title: t('tracks.table.azimuth'), width: 80, render: (_, r) => r.point.azimuth },
      {
        title: t('tracks.table.state'),
        width: 180,
        ellipsis: true,
        render: (_, r) => names(r.point.state, STATE_BITS, language),
      },
      {
        title: t('tracks.table.warning'),
        width: 160,
        ellipsis: true,
        render: (_, r) => names(r.point.warning, WARNING_BITS, language) || '--',
      },
      {
        title: t('tracks.table.attached'),
        width: 200,
        ellipsis: true,
        render: (_, r) => <Typography.Text type="secondary">{r.point.attached}</Typography.Text>,
      },
    ],
    [t, language],
  );
  return (
    <div className="hw-track-table" data-testid="track-table">
      <Table<Row>
        size="small"
        rowKey="position"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 1500, y: 220 }}
        pagination={{
          current: page,
          pageSize: PLAYBACK_TABLE_PAGE_SIZE,
          showSizeChanger: false,
          size: 'small',
          onChange: setPage,
          showTotal: () => t('tracks.table.hint'),
        }}
        onRow={(r) => ({ onDoubleClick: () => engine.seek(r.position), 'data-position': r.position }) as never}
      />
    </div>
  );
}
