import { REGION_TYPES, type RegionType } from '@headway/spec';
import { App, Button, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, type PageQuery } from '../../../api/list';
import { ConfirmLink } from '../../../components/list-page/ConfirmLink';
import { ExportMenu } from '../../../components/list-page/export/ExportMenu';
import { AddButton, ListToolbar } from '../../../components/list-page/ListToolbar';
import { usePagedTable } from '../../../components/list-page/use-paged-table';
import { formatTime } from '../../../i18n/format';
import { usePermission } from '../../../shell/view-host/view-context';
import { type RegionFilter, type RegionRow, regionApi, regionKeys } from '../../regions/api';
import { RegionEditorModal } from '../../regions/editor/RegionEditorModal';
import { RegionDrawer } from './components/RegionDrawer';
import { failureText } from './failure';
import { purposeLabel, sizeLabel, typeLabel } from './labels';
import { formatCentre } from './region-size';
import './region-page.css';

type RegionQuery = PageQuery & RegionFilter;

/** Spec section 8: a success notice fades after 2 s. */
const NOTIFICATION_SECONDS = 2;
const TYPES = Object.keys(REGION_TYPES).map(Number) as RegionType[];

function fetchRegions({ page = 1, limit = DEFAULT_LIMIT, ...filter }: RegionQuery) {
  return regionApi.list(page, limit, filter);
}

/**
 * Basic → Custom area (BasicRegion): the company's regions, server-paged, by name and type; add and edit in the
 * region editor, delete, export what the filter selects, and a region's detail (its visits and the terminals that
 * hold it) in a drawer.
 */
export default function RegionPage() {
  const { t, i18n } = useTranslation('regions');
  const { notification } = App.useApp();
  const can = usePermission();
  // Under regionKeys.all (['regions', …]): a save in the editor or the fence selector refreshes this list too.
  const list = usePagedTable<RegionQuery, RegionRow>(regionKeys.all[0], fetchRegions, {});
  const [editing, setEditing] = useState<{ region: RegionRow | null } | null>(null);
  const [viewing, setViewing] = useState<RegionRow | null>(null);

  async function remove(row: RegionRow) {
    try {
      await regionApi.remove(row.id);
      notification.success({ title: t('regions.deleted'), duration: NOTIFICATION_SECONDS });
      if (viewing?.id === row.id) setViewing(null);
      list.reload();
    } catch (error) {
      notification.error({ title: t('regions.failed', failureText(error)) });
    }
  }

  const language = i18n.language;
  const columns: TableColumnsType<RegionRow> = [
    {
      title: t('regions.name'),
      dataIndex: 'region_name',
      width: 200,
      ellipsis: true,
      render: (name: string, row) => (
        <Button type="link" size="small" className="hw-region-page__name" title={name} onClick={() => setViewing(row)}>
          <span>{name}</span>
        </Button>
      ),
    },
    { title: t('regions.type'), dataIndex: 'region_type', width: 120, render: (c: number) => typeLabel(c, language) },
    {
      title: t('regions.useType'),
      dataIndex: 'use_type',
      width: 170,
      render: (c: number) => purposeLabel(c, language, t),
    },
    {
      title: t('regions.shared'),
      dataIndex: 'is_share',
      width: 160,
      render: (shared: number) =>
        shared ? <Tag color="blue">{t('regions.sharedYes')}</Tag> : <Tag>{t('regions.sharedNo')}</Tag>,
    },
    {
      title: t('regions.page.centre'),
      key: 'centre',
      width: 180,
      render: (_, row) => formatCentre(row.center_lat, row.center_lng),
    },
    {
      title: t('regions.page.size'),
      key: 'size',
      width: 140,
      render: (_, row) => sizeLabel(row.region_type, row.region_point, t),
    },
    {
      title: t('regions.page.creator'),
      dataIndex: 'created_by_account',
      width: 110,
      ellipsis: true,
      render: (account: string) => account || '--',
    },
    { title: t('regions.page.updated'), dataIndex: 'updated_at', width: 170, render: formatTime },
    {
      title: t('regions.selector.actions'),
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            onClick={() => setViewing(row)}
            aria-label={t('regions.page.detailsOf', { name: row.region_name })}
          >
            {t('regions.page.details')}
          </Button>
          {can('edit') && (
            <Button type="link" size="small" onClick={() => setEditing({ region: row })}>
              {t('regions.edit')}
            </Button>
          )}
          {can('delete') && (
            <ConfirmLink
              title={t('regions.page.deleteConfirm', { name: row.region_name })}
              onConfirm={() => remove(row)}
            >
              {t('regions.delete')}
            </ConfirmLink>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="hw-card" data-testid="region-page">
      <ListToolbar
        searchPlaceholder={t('regions.page.search')}
        searchTestId="region-page-search"
        onSearch={(search) => list.filter({ search: search.trim() || undefined })}
        actions={
          <Space>
            <ExportMenu
              request={() => {
                const { page: _page, limit: _limit, ...filter } = list.query;
                return { method: 'GET', path: '/basic/region/export', query: filter };
              }}
              paging={{ page: list.query.page ?? 1, limit: list.query.limit ?? DEFAULT_LIMIT }}
              fileBase="regions"
              testId="region-page-export"
            />
            {can('add') && <AddButton onClick={() => setEditing({ region: null })} testId="region-page-add" />}
          </Space>
        }
      >
        <Select<number | 'all'>
          style={{ width: 200 }}
          value={list.query.region_type ?? 'all'}
          onChange={(value) => list.filter({ region_type: value === 'all' ? undefined : value })}
          options={[
            { value: 'all', label: t('regions.page.allTypes') },
            ...TYPES.map((code) => ({ value: code, label: typeLabel(code, language) })),
          ]}
          aria-label={t('regions.page.type')}
          data-testid="region-page-type"
        />
      </ListToolbar>
      <Table<RegionRow>
        rowKey="id"
        {...list.tableProps}
        columns={columns}
        // Wide rows scroll sideways; an empty table does not, or its scroll box would be a keyboard trap with
        // nothing to focus (axe "scrollable-region-focusable").
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
        onRow={(row) => ({ 'data-testid': `region-page-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <RegionEditorModal
        region={editing?.region ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(row) => {
          setEditing(null);
          if (viewing?.id === row.id) setViewing(row);
          list.reload();
        }}
      />
      <RegionDrawer region={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
