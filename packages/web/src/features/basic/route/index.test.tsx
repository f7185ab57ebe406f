import type { RouteRow } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { useSession } from '../../../auth/session-store';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import RoutePage from './index';

// Basic → Lines with the real request client and query cache; the server is stood in for at fetch.

function route(id: number, change: Partial<RouteRow>): RouteRow {
  return {
    id,
    route_id: id,
    route_code: `L${id}`,
    route_name: `Line ${id}`,
    sort_id: 0,
    category: 0,
    state: 10,
    fleet_id: null,
    fleet_name: '',
    trunk: 0,
    travel: 0,
    open_time: '',
    stop_time: '',
    ticket: '',
    remark: '',
    color: '#FF0000',
    direction_count: 2,
    checked_count: 2,
    vehicle_count: 0,
    employee_count: 0,
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...change,
  };
}

const ROUTES = [
  route(1, { route_name: 'Harbour', vehicle_count: 3 }),
  route(2, { category: 1, state: 20, checked_count: 0 }),
];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
}

function serve(deleteAnswer?: { code: number; msg: string; result: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call = {
      method: init?.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
    };
    calls.push(call);
    const json = (code: number, msg: string, result: unknown) =>
      new Response(JSON.stringify({ code, msg, result }), { headers: { 'content-type': 'application/json' } });
    if (call.method === 'DELETE' && deleteAnswer) return json(deleteAnswer.code, deleteAnswer.msg, deleteAnswer.result);
    if (call.path === '/basic/routes') return json(0, '', { total: ROUTES.length, rows: ROUTES });
    return json(0, '', null);
  });
  return calls;
}

function renderPage(mask = FULL_MASK) {
  const view = { name: 'BasicRoute', permission: mask } as AppRoute;
  return renderInApp(
    <ViewContext.Provider value={view}>
      <RoutePage />
    </ViewContext.Provider>,
  );
}

describe('Basic → Lines', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('lists the lines with the spec words for category and state, and whether they passed the check', async () => {
    const calls = serve();
    renderPage();
    const harbour = await screen.findByTestId('route-row-L1');
    expect(within(harbour).getByText('Harbour')).toBeTruthy();
    expect(within(harbour).getByText('Two-way')).toBeTruthy();
    expect(within(harbour).getByText('Opened')).toBeTruthy();
    expect(within(harbour).getByText('2 · Checked')).toBeTruthy();
    const other = screen.getByTestId('route-row-L2');
    expect(within(other).getByText('One-way loop')).toBeTruthy();
    expect(within(other).getByText('Outage')).toBeTruthy();
    expect(within(other).getByText('2 · Not checked')).toBeTruthy();
    const list = calls.find((c) => c.path === '/basic/routes');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.query.get('limit')).toBe('20');
  });

  it('offers only what the role may do', async () => {
    serve();
    renderPage(PermissionBit.view);
    await screen.findByTestId('route-row-L1');
    expect(screen.queryByTestId('route-page-add')).toBeNull();
    expect(screen.queryByTestId('route-page-export')).toBeNull();
    expect(screen.queryByTestId('route-draw-L1')).toBeNull();
  });

  it('says why a bound line cannot be deleted', async () => {
    const message = 'The line is used by 3 vehicles and 0 staff: move them to another line first';
    serve({ code: 1004, msg: 'Parameter error', result: { reason: 'bound', vehicles: 3, employees: 0, message } });
    renderPage();
    const harbour = await screen.findByTestId('route-row-L1');
    fireEvent.click(within(harbour).getByText('Delete'));
    // Role queries walk the whole antd tree (slow on a busy machine): the popconfirm's own OK button is enough.
    const ok = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-primary');
      if (!button) throw new Error('no confirm');
      return button;
    });
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByText(message)).toBeTruthy());
  });
});
