import type { OwnLine, Timetable, TimetableDeparture } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { Collapse, Table, type TableColumnsType } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { linesApi, linesKeys } from '../api';
import { directionName } from '../diagram/labels';
import { formatServiceTime, serviceSeconds } from './service-clock';

// Today's departures of a line (GET /dispatch/timetable: the GTFS timetable; plans replace it when scheduling
// lands), as cards of times or as a table (the user's line_map_departure_timetable). Folded by default: the header
// tells the next departure of each direction, the list opens on demand, so twenty lines stay light.

const TABLE_PAGE = 10;

function nextIndex(departures: readonly TimetableDeparture[], now: number): number {
  return departures.findIndex((d) => d.departure_time >= now);
}

export const DepartureTimetable = memo(function DepartureTimetable(props: { line: OwnLine; view: 'card' | 'table' }) {
  const { line, view } = props;
  const { t } = useTranslation('lines');
  const query = useQuery({
    queryKey: linesKeys.timetable(line.route_code),
    queryFn: () => linesApi.timetable(line.route_code),
    staleTime: 10 * 60_000,
  });
  const timetable = query.data;
  // Minute resolution is enough for "gone" and "next"; re-rendered when the query refetches or the panel toggles.
  const now = timetable ? serviceSeconds(Date.now(), timetable.date, timetable.time_zone) : 0;
  const total = timetable?.directions.reduce((n, d) => n + d.departures.length, 0) ?? 0;
  const next = (timetable?.directions ?? []).flatMap((d) => {
    const i = nextIndex(d.departures, now);
    const dep = i < 0 ? undefined : d.departures[i];
    return dep ? [`${directionName(t, line.category, d.direction)} ${formatServiceTime(dep.departure_time)}`] : [];
  });

  const label = query.isError
    ? t('lines.timetable.failed')
    : total === 0
      ? t('lines.timetable.none')
      : [
          t('lines.timetable.title'),
          t('lines.timetable.count', { count: total }),
          ...(next.length ? [t('lines.timetable.next', { list: next.join(', ') })] : []),
        ].join(' · ');

  return (
    <Collapse
      size="small"
      ghost
      destroyOnHidden
      className="hw-line-card__timetable"
      items={[
        {
          key: 'timetable',
          label: <span data-testid="line-timetable">{label}</span>,
          collapsible: total === 0 ? 'disabled' : undefined,
          children: timetable ? (
            <TimetableBody timetable={timetable} category={line.category} view={view} now={now} />
          ) : null,
        },
      ]}
    />
  );
});

function TimetableBody(props: { timetable: Timetable; category: number; view: 'card' | 'table'; now: number }) {
  const { timetable, category, view, now } = props;
  const { t } = useTranslation('lines');
  return (
    <div className="hw-line-card__departures" data-view={view}>
      {timetable.directions.map((d) => {
        const next = nextIndex(d.departures, now);
        return (
          <div key={d.direction} className="hw-line-card__departure-direction">
            <div className="hw-line-card__departure-title">
              {directionName(t, category, d.direction)} · {t('lines.timetable.count', { count: d.departures.length })}
            </div>
            {view === 'card' ? (
              <div className="hw-line-card__times">
                {d.departures.map((dep, i) => (
                  <span
                    key={dep.trip_id}
                    className={`hw-line-card__time${i < next || next < 0 ? ' hw-line-card__time--gone' : ''}${
                      i === next ? ' hw-line-card__time--next' : ''
                    }`}
                    title={dep.headsign}
                  >
                    {formatServiceTime(dep.departure_time)}
                  </span>
                ))}
              </div>
            ) : (
              <DeparturesTable departures={d.departures} next={next} />
            )}
          </div>
        );
      })}
    </div>
  );
}

function DeparturesTable({ departures, next }: { departures: TimetableDeparture[]; next: number }) {
  const { t } = useTranslation('lines');
  // Opens on the page holding the next departure.
  const [page, setPage] = useState(() => Math.max(1, Math.ceil((next + 1) / TABLE_PAGE)));
  const columns = useMemo<TableColumnsType<TimetableDeparture>>(
    () => [
      {
        title: t('lines.timetable.time'),
        dataIndex: 'departure_time',
        width: 100,
        render: (v: number) => formatServiceTime(v),
      },
      {
        title: t('lines.timetable.arrival'),
        dataIndex: 'arrival_time',
        width: 100,
        render: (v: number) => formatServiceTime(v),
      },
      { title: t('lines.timetable.headsign'), dataIndex: 'headsign', ellipsis: true },
      { title: t('lines.timetable.block'), dataIndex: 'block_id', width: 120 },
      { title: t('lines.timetable.trip'), dataIndex: 'trip_id', ellipsis: true },
    ],
    [t],
  );
  return (
    <Table<TimetableDeparture>
      size="small"
      rowKey="trip_id"
      columns={columns}
      dataSource={departures}
      rowClassName={(row) => (row === departures[next] ? 'hw-line-card__row--next' : '')}
      pagination={{ current: page, pageSize: TABLE_PAGE, onChange: setPage, showSizeChanger: false }}
    />
  );
}
