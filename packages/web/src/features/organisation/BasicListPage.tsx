import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page, PageQuery } from '../../api/list';
import { ConfirmLink } from '../../components/list-page/ConfirmLink';
import { ImportButton } from '../../components/list-page/import/ImportButton';
import { AddButton, ListToolbar } from '../../components/list-page/ListToolbar';
import { usePagedTable } from '../../components/list-page/use-paged-table';
import { usePermission } from '../../shell/view-host/view-context';
import { type Binary, saveBinary } from '../alarms/evidence/api';
import { explainFailure } from './failure';

/** What the page's dialog is doing: adding (row null) or editing a row; null when closed. */
export type Editing<Row> = { row: Row | null } | null;

interface Props<Row extends { id: number }, Q extends PageQuery> {
  /** Prefix of the page's test ids: `{testId}-page`, `-search`, `-add`, `-export`, `-row-{id}`. */
  testId: string;
  queryKey: string;
  fetch: (query: Q) => Promise<Page<Row>>;
  searchPlaceholder: string;
  /** The filters after the search box; `filter` applies a change and goes back to page 1. */
  filters?: (filter: (change: Partial<Q>) => void, query: Q) => ReactNode;
  columns: TableColumnsType<Row>;
  rowName: (row: Row) => string;
  remove: (row: Row) => Promise<unknown>;
  exporter: (filter: Omit<Q, keyof PageQuery>) => Promise<Binary>;
  exportFile: string;
  /** Field → label, to put the server's refusals in words. */
  labels: Record<string, string>;
  dialog: (editing: Editing<Row>, close: () => void, saved: () => void) => ReactNode;
  /** Whether Add shows, beyond the screen's add bit (companies: system administrators only). */
  canAdd?: boolean;
  canDelete?: boolean;
  /** The screen's xlsx import path (an Import button with the import bit). */
  importPath?: string;
}

/**
 * One Basic list page of the organisation (spec "query/export bar"): search and filters, export of what the filters
 * select (export bit), Add (add bit), per-row Edit (edit bit) and Delete (delete bit) with a confirmation, and a
 * dialog for add and edit. Refusals are said in words (failure.ts).
 */
export function BasicListPage<Row extends { id: number }, Q extends PageQuery>(props: Props<Row, Q>) {
  const { t } = useTranslation(['organisation', 'translation']);
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<Q, Row>(props.queryKey, props.fetch, {} as Omit<Q, keyof PageQuery>);
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const [exporting, setExporting] = useState(false);
  const canAdd = can('add') && props.canAdd !== false;
  const canDelete = can('delete') && props.canDelete !== false;

  async function remove(row: Row) {
    try {
      await props.remove(row);
    } catch (error) {
      explainFailure(error, t, props.labels, (text) => void message.error(text, 5));
      return;
    }
    void message.success(t('organisation.deleted'));
    list.reload();
  }

  async function exportXlsx() {
    const { page: _page, limit: _limit, ...filter } = list.query;
    setExporting(true);
    try {
      saveBinary(await props.exporter(filter), props.exportFile);
      void message.success(t('organisation.exported'));
    } catch {
      // The request client has said why.
    } finally {
      setExporting(false);
    }
  }

  const actions: TableColumnsType<Row> =
    can('edit') || canDelete
      ? [
          {
            title: t('translation:common.actions'),
            key: 'actions',
            width: 130,
            fixed: 'right',
            render: (_: unknown, row: Row) => (
              <Space size={0}>
                {can('edit') && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ row })}
                    data-testid={`${props.testId}-edit-${row.id}`}
                  >
                    {t('translation:common.edit')}
                  </Button>
                )}
                {canDelete && (
                  <ConfirmLink
                    title={t('organisation.deleteConfirm', { name: props.rowName(row) })}
                    onConfirm={() => remove(row)}
                  >
                    {t('translation:common.delete')}
                  </ConfirmLink>
                )}
              </Space>
            ),
          },
        ]
      : [];

  return (
    <div className="hw-card" data-testid={`${props.testId}-page`}>
      <ListToolbar
        searchPlaceholder={props.searchPlaceholder}
        searchTestId={`${props.testId}-search`}
        onSearch={(search) => list.filter({ search: search.trim() || undefined } as unknown as Partial<Q>)}
        actions={
          <Space>
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                loading={exporting}
                onClick={() => void exportXlsx()}
                data-testid={`${props.testId}-export`}
              >
                {t('organisation.export')}
              </Button>
            )}
            {props.importPath && (
              <ImportButton
                path={props.importPath}
                fileBase={props.exportFile.replace(/\.xlsx$/, '')}
                onImported={list.reload}
                testId={`${props.testId}-import`}
              />
            )}
            {canAdd && <AddButton onClick={() => setEditing({ row: null })} testId={`${props.testId}-add`} />}
          </Space>
        }
      >
        {props.filters?.(list.filter, list.query)}
      </ListToolbar>
      <Table<Row>
        rowKey="id"
        {...list.tableProps}
        columns={[...props.columns, ...actions]}
        // An empty table does not scroll sideways, or its scroll box would be a keyboard trap (axe).
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
        onRow={(row) => ({ 'data-testid': `${props.testId}-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      {props.dialog(
        editing,
        () => setEditing(null),
        () => {
          void message.success(t('organisation.saved'));
          setEditing(null);
          list.reload();
        },
      )}
    </div>
  );
}
