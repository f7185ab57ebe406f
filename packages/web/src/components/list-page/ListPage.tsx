import { App, Button, type FormInstance, Space, Table, type TableColumnsType } from 'antd';
import type { Key, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../api/client';
import { DEFAULT_LIMIT, type Page, type PageQuery } from '../../api/list';
import { usePermission } from '../../shell/view-host/view-context';
import { ConfirmLink } from './ConfirmLink';
import { ExportMenu } from './export/ExportMenu';
import type { ExportFormat } from './export/export-choice';
import { failureText } from './failure';
import { ImportButton } from './import/ImportButton';
import { AddButton, ListToolbar } from './ListToolbar';
import { usePagedTable } from './use-paged-table';

/** What the page's dialog is doing: adding (row null) or editing a row; null when closed. */
export type Editing<Row> = { row: Row | null } | null;

/** The list's filters without its paging. */
export type Filter<Q extends PageQuery> = Omit<Q, keyof PageQuery>;

export interface ListExport<Q extends PageQuery> {
  /** The list's export path (GET), which takes the list's filters plus format, scope, page, limit (docs/exports.md). */
  path: string;
  /** File name when the server sends none (without extension). */
  fileBase: string;
  /** The filter as the export takes it, when it differs from the list's. */
  query?: (filter: Filter<Q>) => Query;
  formats?: readonly ExportFormat[];
}

export interface ListRemove<Row> {
  run: (row: Row) => Promise<unknown>;
  /** The question asked before deleting. */
  confirm: (row: Row) => ReactNode;
  /** A refusal in the feature's words; null falls back to the server's sentence. */
  describeFailure?: (error: unknown) => string | null;
}

/** Test ids where a screen's differ from the defaults (`{testId}-page`, `-search`, `-export`, `-add`, `-row-{key}`). */
export interface ListTestIds<Row> {
  page?: string;
  search?: string;
  export?: string;
  add?: string;
  row?: (row: Row) => string;
}

export interface ListPageProps<Row extends object, Q extends PageQuery> {
  testId: string;
  testIds?: ListTestIds<Row>;
  /** The query cache key of the list (saves and deletes mark it stale). */
  queryKey: string;
  fetch: (query: Q) => Promise<Page<Row>>;
  /** The row's key field (default `id`). */
  rowKey?: keyof Row & string;
  searchPlaceholder: string;
  /** The filters' values before the user changes any (a review's window of days). */
  initialFilter?: Filter<Q>;
  /** The filters after the search box; `filter` checks the query form, applies the change and goes to page 1. */
  filters?: (filter: (change: Partial<Q>) => void, query: Q) => ReactNode;
  /** The query form, when the filters have rules: checked before filtering or exporting (spec "Query bar"). */
  queryForm?: FormInstance;
  columns: TableColumnsType<Row>;
  /** Delete (delete bit), asked first. */
  remove?: ListRemove<Row>;
  /** Whether rows have Edit (edit bit); the dialog edits. Default true when there is a dialog. */
  editable?: boolean;
  /** Row actions before Edit and Delete (a line's "Draw", a review's "Pass"); `open` opens the dialog on a row. */
  rowActions?: (row: Row, tools: { open: (row: Row) => void; reload: () => void }) => ReactNode;
  actionsWidth?: number;
  /** The export dropdown (export bit): current page or all, xlsx / PDF / Word. */
  exporter?: ListExport<Q>;
  /** Buttons before the export dropdown: the slot for an Import, a map of every row; a function sees the query. */
  toolbarExtra?: ReactNode | ((tools: { query: Q; reload: () => void }) => ReactNode);
  /** The screen's xlsx import (docs/exports.md "Imports"): an Import button, shown with the import bit. */
  importer?: { path: string; fileBase: string };
  /** Whether Add shows, beyond the screen's add bit (companies: system administrators only). */
  canAdd?: boolean;
  canDelete?: boolean;
  dialog?: (editing: Editing<Row>, close: () => void, saved: () => void) => ReactNode;
  /** More dialogs of the page. */
  children?: ReactNode;
}

/** Drops the filter's empty values: an absent filter is not "equal to the empty string". */
function cleanQuery(filter: object): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries(filter))
    if (v !== undefined && v !== null && v !== '') out[k] = v as Query[string];
  return out;
}

/**
 * One Basic list page (spec "Query bar"): the search box (view bit), the screen's filters, the export dropdown (export
 * bit), Add (add bit), a server-paged table with per-row Edit (edit bit) and Delete with a confirmation (delete bit),
 * and the add/edit dialog. The query form, when there is one, is checked before any filter or export is asked for.
 * A screen brings its columns, its filters and its form.
 */
export function ListPage<Row extends object, Q extends PageQuery>(props: ListPageProps<Row, Q>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = usePermission();
  const list = usePagedTable<Q, Row>(props.queryKey, props.fetch, props.initialFilter ?? ({} as Filter<Q>));
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const rowKey = props.rowKey ?? ('id' as keyof Row & string);
  const keyOf = (row: Row) => row[rowKey] as Key;
  const ids = {
    search: props.testIds?.search ?? `${props.testId}-search`,
    export: props.testIds?.export ?? `${props.testId}-export`,
    add: props.testIds?.add ?? `${props.testId}-add`,
    row: props.testIds?.row ?? ((row: Row) => `${props.testId}-row-${String(keyOf(row))}`),
  };
  const canAdd = Boolean(props.dialog) && can('add') && props.canAdd !== false;
  const canEdit = Boolean(props.dialog) && props.editable !== false && can('edit');
  const canDelete = Boolean(props.remove) && can('delete') && props.canDelete !== false;
  const validate = props.queryForm ? () => (props.queryForm as FormInstance).validateFields() : undefined;

  async function filter(change: Partial<Q>) {
    if (validate) {
      try {
        await validate();
      } catch {
        return; // the form shows what is wrong
      }
    }
    list.filter(change);
  }

  async function remove(row: Row, action: ListRemove<Row>) {
    try {
      await action.run(row);
    } catch (error) {
      void message.error(action.describeFailure?.(error) ?? failureText(error), 5);
      return;
    }
    void message.success(t('common.deleted'));
    list.reload();
  }

  const actions: TableColumnsType<Row> =
    props.rowActions || canEdit || canDelete
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: props.actionsWidth ?? 130,
            fixed: 'right',
            render: (_: unknown, row: Row) => (
              <Space size={0}>
                {props.rowActions?.(row, { open: (r) => setEditing({ row: r }), reload: list.reload })}
                {canEdit && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEditing({ row })}
                    data-testid={`${props.testId}-edit-${String(keyOf(row))}`}
                  >
                    {t('common.edit')}
                  </Button>
                )}
                {canDelete && props.remove && (
                  <ConfirmLink
                    title={props.remove.confirm(row)}
                    onConfirm={() => remove(row, props.remove as ListRemove<Row>)}
                  >
                    {t('common.delete')}
                  </ConfirmLink>
                )}
              </Space>
            ),
          },
        ]
      : [];

  const { page, limit, ...current } = list.query;
  const exporter = props.exporter;
  return (
    <div className="hw-card" data-testid={props.testIds?.page ?? `${props.testId}-page`}>
      <ListToolbar
        searchPlaceholder={props.searchPlaceholder}
        searchTestId={ids.search}
        showSearch={can('view')}
        onSearch={(search) => void filter({ search: search.trim() || undefined } as unknown as Partial<Q>)}
        actions={
          <Space>
            {typeof props.toolbarExtra === 'function'
              ? props.toolbarExtra({ query: list.query, reload: list.reload })
              : props.toolbarExtra}
            {props.importer && (
              <ImportButton
                path={props.importer.path}
                fileBase={props.importer.fileBase}
                onImported={list.reload}
                testId={`${props.testId}-import`}
              />
            )}
            {exporter && (
              <ExportMenu
                request={() => ({
                  method: 'GET',
                  path: exporter.path,
                  query: cleanQuery(exporter.query ? exporter.query(current as Filter<Q>) : current),
                })}
                paging={{ page: page ?? 1, limit: limit ?? DEFAULT_LIMIT }}
                fileBase={exporter.fileBase}
                validate={validate}
                formats={exporter.formats}
                testId={ids.export}
              />
            )}
            {canAdd && <AddButton onClick={() => setEditing({ row: null })} testId={ids.add} />}
          </Space>
        }
      >
        {props.filters?.((change) => void filter(change), list.query)}
      </ListToolbar>
      <Table<Row>
        rowKey={rowKey}
        {...list.tableProps}
        columns={[...props.columns, ...actions]}
        // An empty table does not scroll sideways, or its scroll box would be a keyboard trap (axe).
        scroll={list.tableProps.dataSource?.length ? { x: 'max-content' } : undefined}
        onRow={(row) => ({ 'data-testid': ids.row(row) }) as React.HTMLAttributes<HTMLElement>}
      />
      {props.dialog?.(
        editing,
        () => setEditing(null),
        () => {
          setEditing(null);
          list.reload();
        },
      )}
      {props.children}
    </div>
  );
}
