import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, PAGE_SIZES, type Page, type PageQuery } from '../../api/list';
import { ListError } from './ListError';

/**
 * One server-paged list (spec section 9): the query — page, limit and the page's own filters — in state, the request
 * cached under `[key, query]` with the previous page left on screen while the next one loads, and the props that
 * wire an antd Table to both. `filter` applies a change of filters and goes back to page 1.
 */
export function usePagedTable<Q extends PageQuery, Row>(
  key: string,
  fetch: (query: Q) => Promise<Page<Row>>,
  filters: Omit<Q, keyof PageQuery>,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [query, setQuery] = useState<Q>(() => ({ page: 1, limit: DEFAULT_LIMIT, ...filters }) as Q);
  const list = useQuery({ queryKey: [key, query], queryFn: () => fetch(query), placeholderData: keepPreviousData });

  const pagination: TablePaginationConfig = {
    current: query.page,
    pageSize: query.limit,
    total: list.data?.total ?? 0,
    pageSizeOptions: PAGE_SIZES,
    showSizeChanger: true,
    showTotal: (total) => t('common.total', { total }),
    onChange: (page, limit) => setQuery((q) => ({ ...q, page, limit })),
  };

  const refetch = () => void list.refetch();
  return {
    query,
    filter: (change: Partial<Q>) => setQuery((q) => ({ ...q, page: 1, ...change })),
    /** Fetches this page again. */
    refetch,
    /** Marks every page of this list stale (after a save or a delete), so the one on screen reloads. */
    reload: () => void client.invalidateQueries({ queryKey: [key] }),
    tableProps: {
      size: 'small' as const,
      loading: list.isFetching,
      dataSource: list.data?.rows ?? [],
      pagination,
      // A failed request leaves its reason and a retry in place of the rows, not "No data".
      locale: list.isError
        ? { emptyText: createElement(ListError, { error: list.error, onRetry: refetch }) }
        : undefined,
    },
  };
}
