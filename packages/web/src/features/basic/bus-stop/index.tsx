import { DownloadOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { BUS_STOP_STATES, labelIn } from '@headway/spec';
import { App, Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { editDeleteColumn } from '../../../components/list-page/edit-delete-column';
import { ImportButton } from '../../../components/list-page/import/ImportButton';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { saveBinary } from '../../alarms/evidence/api';
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
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<StopQuery, BusStopRow>(lineKeys.stops, fetchStops, {});
  const [editing, setEditing] = useState<{ row: BusStopRow | null } | null>(null);
  const [union, setUnion] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function remove(row: BusStopRow) {
    try {
      await busStopApi.remove(row.id);
      void message.success(t('basicLines.deleted'));
      list.reload();
    } catch (error) {
      void message.error(failureMessage(error, t));
    }
  }

  async function exportXlsx() {
    const { page: _page, limit: _limit, ...filter } = list.query;
    setExporting(true);
    try {
      saveBinary(await busStopApi.export(filter), 'bus-stops.xlsx');
      void message.success(t('basicLines.exported'));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

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
    ...editDeleteColumn<BusStopRow>(tc, can, {
      onEdit: (row) => setEditing({ row }),
      onDelete: (row) => remove(row),
      deleteConfirm: t('basicLines.stop.deleteConfirm', { name: '' }),
    }),
  ];

  return (
    <div className="hw-card" data-testid="bus-stop-page">
      <ListToolbar
        searchPlaceholder={t('basicLines.stop.search')}
        searchTestId="bus-stop-page-search"
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            <Button icon={<EnvironmentOutlined />} onClick={() => setUnion(true)} data-testid="bus-stop-page-union">
              {t('basicLines.stop.union')}
            </Button>
            {can('export') && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()}>
                {t('basicLines.export')}
              </Button>
            )}
            <ImportButton
              path="/basic/busstops/import"
              fileBase="bus-stops"
              onImported={list.reload}
              testId="bus-stop-import"
            />
            {can('add') && <AddButton onClick={() => setEditing({ row: null })} testId="bus-stop-page-add" />}
          </Space>
        }
      >
        <Select<number | 'all'>
          style={{ width: 140 }}
          value={list.query.state ?? 'all'}
          onChange={(value) => list.filter({ state: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('basicLines.all') },
            ...Object.entries(BUS_STOP_STATES).map(([c, e]) => ({
              value: Number(c),
              label: labelIn(e.label, i18n.language),
            })),
          ]}
          aria-label={t('basicLines.stop.state')}
        />
      </ListToolbar>
      <Table<BusStopRow>
        rowKey="id"
        {...list.tableProps}
        columns={columns}
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
      />
      <Suspense fallback={null}>
        {editing && (
          <BusStopDialog
            open
            editing={editing.row}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
        {union && <StopUnionModal open onClose={() => setUnion(false)} />}
      </Suspense>
    </div>
  );
}
