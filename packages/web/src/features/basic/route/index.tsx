import { LINE_CATEGORIES, labelIn, ROUTE_STATES, TRAVEL_CATEGORIES } from '@headway/spec';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, type TableColumnsType, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ListPage } from '../../../components/list-page/ListPage';
import { usePermission } from '../../../shell/view-host/view-context';
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
  const can = usePermission();
  const language = i18n.language;
  const client = useQueryClient();
  const [drawing, setDrawing] = useState<RouteRow | null>(null);

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
  ];

  return (
    <ListPage<RouteRow, RouteQuery>
      testId="route"
      testIds={{
        search: 'route-page-search',
        export: 'route-page-export',
        add: 'route-page-add',
        row: (row) => `route-row-${row.route_code}`,
      }}
      queryKey={lineKeys.routes}
      fetch={fetchRoutes}
      searchPlaceholder={t('basicLines.search')}
      filters={(filter, query) => (
        <>
          <Select<number | 'all'>
            style={{ width: 160 }}
            value={query.category ?? 'all'}
            onChange={(value) => filter({ category: value === 'all' ? undefined : value })}
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
            value={query.state ?? 'all'}
            onChange={(value) => filter({ state: value === 'all' ? undefined : (value as 0 | 10 | 20) })}
            options={[
              { value: 'all', label: t('basicLines.all') },
              ...Object.keys(ROUTE_STATES).map((c) => ({
                value: Number(c),
                label: word(ROUTE_STATES, Number(c), language),
              })),
            ]}
            aria-label={t('basicLines.state')}
          />
        </>
      )}
      columns={columns}
      rowActions={(row) =>
        can('edit') && (
          <Button type="link" size="small" onClick={() => setDrawing(row)} data-testid={`route-draw-${row.route_code}`}>
            {t('basicLines.editLine')}
          </Button>
        )
      }
      actionsWidth={220}
      remove={{
        run: (row) => routeApi.remove(row.id),
        confirm: (row) => t('basicLines.deleteConfirm', { name: row.route_name }),
        describeFailure: (error) => failureMessage(error, t),
      }}
      exporter={{ path: routeApi.exportPath, fileBase: 'routes' }}
      toolbarExtra={({ reload }) => (
        <GtfsMenu canExport={can('export')} canImport={can('import')} onImported={reload} />
      )}
      dialog={(editing, close, saved) => (
        <RouteDialog open={editing !== null} editing={editing?.row ?? null} onClose={close} onSaved={saved} />
      )}
    >
      {drawing && (
        <Suspense fallback={null}>
          <LineEditorModal
            route={drawing}
            onClose={() => setDrawing(null)}
            onSaved={() => {
              setDrawing(null);
              void client.invalidateQueries({ queryKey: [lineKeys.routes] });
            }}
          />
        </Suspense>
      )}
    </ListPage>
  );
}
