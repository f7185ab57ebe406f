import { EnvironmentOutlined } from '@ant-design/icons';
import { BUS_STOP_STATES, labelIn } from '@headway/spec';
import { Button, Select, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { type BusStopRow, busStopApi, lineKeys } from '../../basic-lines/api';
import { failureMessage } from '../../basic-lines/failures';
import './bus-stop.css';

// Both dialogs bring the map: loaded when first opened, not with the list.
const BusStopDialog = lazy(async () => ({ default: (await import('./components/BusStopDialog')).BusStopDialog }));
const StopUnionModal = lazy(async () => ({ default: (await import('./components/StopUnionModal')).StopUnionModal }));

type StopQuery = PageQuery & { search?: string; state?: number };

function fetchStops({ page = 1, limit = DEFAULT_LIMIT, ...filter }: StopQuery) {
  return busStopApi.list(page, limit, filter);
}

/**
 * Basic → Bus stop (BasicBusStop): the company's stops, server-paged, by name or code and state; add and edit in the
 * 1000×600 marker-map dialog, delete (refused while a line stops there), export, and every stop on one map.
 */
export default function BusStopPage() {
  const { t, i18n } = useTranslation('basic-lines');
  const [union, setUnion] = useState(false);

  const columns: TableColumnsType<BusStopRow> = [
    { title: t('basicLines.stop.code'), dataIndex: 'stop_code', width: 100 },
    { title: t('basicLines.stop.name'), dataIndex: 'stop_name', width: 180, ellipsis: true },
    { title: t('basicLines.stop.title'), dataIndex: 'title', width: 140, ellipsis: true },
    {
      title: t('basicLines.stop.state'),
      dataIndex: 'state',
      width: 100,
      render: (s: number) => {
        const entry = BUS_STOP_STATES[s as 0 | 1];
        return <Tag color={s === 0 ? 'green' : undefined}>{entry ? labelIn(entry.label, i18n.language) : s}</Tag>;
      },
    },
    { title: t('basicLines.stop.routes'), dataIndex: 'routes', width: 160, ellipsis: true },
    { title: t('basicLines.stop.lat'), dataIndex: 'lat', width: 110 },
    { title: t('basicLines.stop.lng'), dataIndex: 'lng', width: 110 },
    { title: t('basicLines.stop.address'), dataIndex: 'address', ellipsis: true },
  ];

  return (
    <ListPage<BusStopRow, StopQuery>
      testId="bus-stop"
      testIds={{ search: 'bus-stop-page-search', export: 'bus-stop-page-export', add: 'bus-stop-page-add' }}
      queryKey={lineKeys.stops}
      fetch={fetchStops}
      searchPlaceholder={t('basicLines.stop.search')}
      filters={(filter, query) => (
        <Select<number | 'all'>
          style={{ width: 140 }}
          value={query.state ?? 'all'}
          onChange={(value) => filter({ state: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('basicLines.all') },
            ...Object.entries(BUS_STOP_STATES).map(([c, e]) => ({
              value: Number(c),
              label: labelIn(e.label, i18n.language),
            })),
          ]}
          aria-label={t('basicLines.stop.state')}
        />
      )}
      toolbarExtra={
        <Button icon={<EnvironmentOutlined />} onClick={() => setUnion(true)} data-testid="bus-stop-page-union">
          {t('basicLines.stop.union')}
        </Button>
      }
      columns={columns}
      actionsWidth={140}
      remove={{
        run: (row) => busStopApi.remove(row.id),
        confirm: (row) => t('basicLines.stop.deleteConfirm', { name: row.stop_name }),
        describeFailure: (error) => failureMessage(error, t),
      }}
      exporter={{ path: busStopApi.exportPath, fileBase: 'bus-stops' }}
      importer={{ path: '/basic/busstops/import', fileBase: 'bus-stops' }}
      dialog={(editing, close, saved) =>
        editing && (
          <Suspense fallback={null}>
            <BusStopDialog open editing={editing.row} onClose={close} onSaved={saved} />
          </Suspense>
        )
      }
    >
      {union && (
        <Suspense fallback={null}>
          <StopUnionModal open onClose={() => setUnion(false)} />
        </Suspense>
      )}
    </ListPage>
  );
}
