import { DownloadOutlined } from '@ant-design/icons';
import { LINE_CATEGORIES, labelIn, ROUTE_STATES, TRAVEL_CATEGORIES } from '@headway/spec';
import { App, Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { usePermission } from '../../../shell/view-host/view-context';
import { saveBinary } from '../../alarms/evidence/api';
import { lineKeys, type RouteRow, routeApi } from '../../basic-lines/api';
import { failureMessage } from '../../basic-lines/failures';
import { GtfsMenu } from '../../basic-lines/gtfs-import/GtfsMenu';
import { RouteDialog } from './components/RouteDialog';

// The editor brings the map and OpenLayers' drawing: loaded when a line is first drawn, not with the list.
const LineEditorModal = lazy(async () => ({
  default: (await import('../../basic-lines/editor/LineEditorModal')).LineEditorModal,
}));

type RouteQuery = PageQuery & { search?: string; category?: number; state?: 0 | 10 | 20 };

function fetchRoutes({ page = 1, limit = DEFAULT_LIMIT, ...filter }: RouteQuery) {
  return routeApi.list(page, limit, filter);
}

const word = (
  table: { readonly [code: number]: { readonly label: Parameters<typeof labelIn>[0] } },
  code: number,
  language: string,
) => {
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
};

/**
 * Basic → Line (BasicRoute): the company's lines, server-paged, by code or name, category and state; add and edit a
 * line's record, draw its directions in the line editor, delete (refused while vehicles or staff are bound), export.
 */
export default function RoutePage() {
  const { t, i18n } = useTranslation('basic-lines');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const language = i18n.language;
  const list = usePagedTable<RouteQuery, RouteRow>(lineKeys.routes, fetchRoutes, {});
  const [editing, setEditing] = useState<{ row: RouteRow | null } | null>(null);
  const [drawing, setDrawing] = useState<RouteRow | null>(null);
  const [exporting, setExporting] = useState(false);

  async function remove(row: RouteRow) {
    try {
      await routeApi.remove(row.id);
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
      saveBinary(await routeApi.export(filter), 'routes.xlsx');
      void message.success(t('basicLines.exported'));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<RouteRow> = [
    { title: t('basicLines.routeCode'), dataIndex: 'route_code', width: 110 },
    { title: t('basicLines.routeName'), dataIndex: 'route_name', width: 200, ellipsis: true },
    {
      title: t('basicLines.category'),
      dataIndex: 'category',
      width: 130,
      render: (c: number) => word(LINE_CATEGORIES, c, language),
    },
    {
      title: t('basicLines.state'),
      dataIndex: 'state',
      width: 110,
      render: (c: number) => word(ROUTE_STATES, c, language),
    },
    {
      title: t('basicLines.travel'),
      dataIndex: 'travel',
      width: 120,
      render: (c: number) => word(TRAVEL_CATEGORIES, c, language),
    },
    {
      title: t('basicLines.directions'),
      key: 'directions',
      width: 140,
      render: (_, row) =>
        row.direction_count > 0 && row.checked_count === row.direction_count ? (
          <Tag color="green">{`${row.direction_count} · ${t('basicLines.checked')}`}</Tag>
        ) : (
          <Tag>{`${row.direction_count} · ${t('basicLines.notChecked')}`}</Tag>
        ),
    },
    { title: t('basicLines.vehicles'), dataIndex: 'vehicle_count', width: 90 },
    { title: t('basicLines.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('basicLines.actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          {can('edit') && (
            <Button
              type="link"
              size="small"
              onClick={() => setDrawing(row)}
              data-testid={`route-draw-${row.route_code}`}
            >
              {t('basicLines.editLine')}
            </Button>
          )}
          {can('edit') && (
            <Button type="link" size="small" onClick={() => setEditing({ row })}>
              {tc('common.edit')}
            </Button>
          )}
          {can('delete') && (
            <ConfirmLink title={t('basicLines.deleteConfirm', { name: row.route_name })} onConfirm={() => remove(row)}>
              {tc('common.delete')}
            </ConfirmLink>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="hw-card" data-testid="route-page">
      <ListToolbar
        searchPlaceholder={t('basicLines.search')}
        searchTestId="route-page-search"
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void exportXlsx()}
                data-testid="route-page-export"
              >
                {t('basicLines.export')}
              </Button>
            )}
            <GtfsMenu canExport={can('export')} canImport={can('import')} onImported={list.reload} />
            {can('add') && <AddButton onClick={() => setEditing({ row: null })} testId="route-page-add" />}
          </Space>
        }
      >
        <Select<number | 'all'>
          style={{ width: 160 }}
          value={list.query.category ?? 'all'}
          onChange={(value) => list.filter({ category: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('basicLines.all') },
            ...Object.keys(LINE_CATEGORIES).map((c) => ({
              value: Number(c),
              label: word(LINE_CATEGORIES, Number(c), language),
            })),
          ]}
          aria-label={t('basicLines.category')}
        />
        <Select<number | 'all'>
          style={{ width: 140 }}
          value={list.query.state ?? 'all'}
          onChange={(value) => list.filter({ state: value === 'all' ? undefined : (value as 0 | 10 | 20) })}
          options={[
            { value: 'all', label: t('basicLines.all') },
            ...Object.keys(ROUTE_STATES).map((c) => ({
              value: Number(c),
              label: word(ROUTE_STATES, Number(c), language),
            })),
          ]}
          aria-label={t('basicLines.state')}
        />
      </ListToolbar>
      <Table<RouteRow>
        rowKey="id"
        {...list.tableProps}
        columns={columns}
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
        onRow={(row) => ({ 'data-testid': `route-row-${row.route_code}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <RouteDialog
        open={editing !== null}
        editing={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
      {drawing && (
        <Suspense fallback={null}>
          <LineEditorModal
            route={drawing}
            onClose={() => setDrawing(null)}
            onSaved={() => {
              setDrawing(null);
              list.reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
