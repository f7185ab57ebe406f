import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import type { Page, PageQuery } from '../../api/list';
import i18n from '../../i18n';
import { usePagedTable } from './use-paged-table';
import '../../testing/jsdom-stand-ins';

interface Row {
  id: number;
  name: string;
}

function List({ fetch }: { fetch: (q: PageQuery) => Promise<Page<Row>> }) {
  const list = usePagedTable<PageQuery, Row>('test-list', fetch, {});
  return <Table<Row> rowKey="id" {...list.tableProps} columns={[{ title: 'Name', dataIndex: 'name' }]} />;
}

describe('paged list', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('keeps the failure and a Retry in place of "No data", and retries', async () => {
    let calls = 0;
    const fetch = async (): Promise<Page<Row>> => {
      calls++;
      if (calls === 1) throw new ApiError(1007, 'busy');
      return { total: 1, rows: [{ id: 1, name: 'North depot' }] };
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <List fetch={fetch} />
      </QueryClientProvider>,
    );
    const failed = await screen.findByTestId('list-error');
    expect(failed.textContent).toContain('could not be loaded');
    expect(failed.textContent).toContain('System busy');
    expect(screen.queryByText('No data')).toBeNull();
    fireEvent.click(screen.getByTestId('list-retry'));
    await screen.findByText('North depot');
    expect(calls).toBe(2);
    expect(screen.queryByTestId('list-error')).toBeNull();
  });
});
