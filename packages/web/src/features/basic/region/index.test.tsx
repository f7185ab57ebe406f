import type { RegionPushOutcome, RegionPushRow, RegionVisitRow, VehicleTreeNode } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { useSession } from '../../../auth/session-store';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import type { RegionRow } from '../../regions/api';
import RegionPage from './index';

// Basic → Custom area with the real request client and query cache; the server is stood in for at fetch.

function region(id: number, change: Partial<RegionRow>): RegionRow {
  return {
    id,
    region_name: `Region ${id}`,
    region_type: 1,
    use_type: 0,
    center: '',
    center_lat: 40.7,
    center_lng: -74,
    is_share: 1,
    img_url: '',
    region_point: '40.7,-74,300',
    region_option: '{}',
    remark: '',
    style: '',
    icon: '',
    created_by: 1,
    created_by_account: 'admin',
    created_at: 1_800_000_000,
    updated_at: 1_800_000_000,
    ...change,
  };
}

const REGIONS: RegionRow[] = [
  region(1, { region_name: 'North depot', use_type: 1, region_point: '40.7,-74,1500' }),
  region(2, {
    region_name: 'Harbour loop',
    region_type: 3,
    is_share: 0,
    region_point: '40.6,-74.1|40.61,-74.1|40.61,-74.11',
    center_lat: 40.606667,
    center_lng: -74.103333,
    created_by_account: 'dispatcher',
  }),
  region(3, { region_name: 'Depot gate', region_type: 0, region_point: '40.65,-74.05' }),
];

const VISITS: RegionVisitRow[] = [
  {
    id: 9,
    region_id: 1,
    car_id: 7,
    car_name: 'Bus 8201',
    terminal_phone: '13800000001',
    enter_time: 1_800_000_000,
    exit_time: null,
    dwell_seconds: 3 * 3600 + 20 * 60,
  },
];

const PUSHES: RegionPushRow[] = [
  {
    car_id: 7,
    car_name: 'Bus 8201',
    command: 0x8600,
    state: 2,
    result: 0,
    account: 'admin',
    send_time: 1_800_000_000,
    reply_time: 1_800_000_001,
  },
];

const TREE: VehicleTreeNode[] = [
  {
    gid: 'g1',
    pid: '',
    node_type: 0,
    label: 'Depot North',
    node_data: { route_code: '', imei: '' },
    online: 1,
    total: 2,
    children: [7, 8].map((id) => ({
      gid: `c${id}`,
      pid: 'g1',
      node_type: 2 as const,
      label: `Bus 820${id - 6}`,
      node_data: { route_code: 'S40', imei: `86452004000000${id}`, car_id: id },
      online: 1,
      total: 1,
    })),
  },
];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: { page?: number; limit?: number; data?: Record<string, unknown>; car_list?: number[] } | null;
}

/** Answers as the server's contract says; `deleteFails` answers a delete with that envelope instead. */
function serve(deleteFails?: { code: number; msg: string }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const json = (code: number, msg: string, result: unknown) =>
      new Response(JSON.stringify({ code, msg, result }), { headers: { 'content-type': 'application/json' } });
    if (call.path === '/basic/region/export') {
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    }
    if (call.method === 'DELETE' && deleteFails) return json(deleteFails.code, deleteFails.msg, null);
    if (call.path === '/basic/region/list') return json(0, '', { total: REGIONS.length, rows: REGIONS });
    if (call.path === '/basic/region/visits') return json(0, '', { total: VISITS.length, rows: VISITS });
    if (call.path === '/basic/region/pushes') return json(0, '', { rows: PUSHES });
    if (call.path === '/basic/cars/tree') return json(0, '', TREE);
    if (call.path === '/basic/region/push') {
      const rows: RegionPushOutcome[] = (call.body?.car_list ?? []).map((car_id) => ({
        car_id,
        car_name: car_id === 7 ? 'Bus 8201' : 'Bus 8202',
        state: car_id === 7 ? 2 : 4,
        result: car_id === 7 ? 0 : 1101,
      }));
      return json(0, '', { rows });
    }
    return json(0, '', null);
  });
  return calls;
}

function renderPage(mask = FULL_MASK) {
  const route = { name: 'BasicRegion', permission: mask } as AppRoute;
  return renderInApp(
    <ViewContext.Provider value={route}>
      <RegionPage />
    </ViewContext.Provider>,
  );
}

const lists = (calls: Call[]) => calls.filter((c) => c.path === '/basic/region/list');

describe('Basic → Custom area', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('lists the regions with their type, use, sharing, centre, size and creator', async () => {
    const calls = serve();
    renderPage();
    const page = await screen.findByTestId('region-page');
    const depot = await within(page).findByTestId('region-page-row-1');
    expect(within(depot).getByText('North depot')).toBeTruthy();
    expect(within(depot).getByText('Circle')).toBeTruthy();
    expect(within(depot).getByText('Parking (depot)')).toBeTruthy();
    expect(within(depot).getByText('Shared with the company')).toBeTruthy();
    expect(within(depot).getByText('40.700000, -74.000000')).toBeTruthy();
    expect(within(depot).getByText('Radius 1.50 km')).toBeTruthy();
    const loop = within(page).getByTestId('region-page-row-2');
    expect(within(loop).getByText('Polygon')).toBeTruthy();
    expect(within(loop).getByText('3 points')).toBeTruthy();
    expect(within(loop).getByText('Only me')).toBeTruthy();
    expect(within(loop).getByText('dispatcher')).toBeTruthy();
    expect(lists(calls)[0]?.body).toEqual({ page: 1, limit: 20, data: {} });
  });

  it('sends the type filter and the name search in the list request, from page 1', async () => {
    const calls = serve();
    renderPage();
    const page = await screen.findByTestId('region-page');
    await within(page).findByTestId('region-page-row-1');
    fireEvent.mouseDown(within(page).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByTitle('Polygon'));
    await waitFor(() => expect(lists(calls).at(-1)?.body?.data).toEqual({ region_type: 3 }));
    const search = within(page).getByPlaceholderText('Search by name');
    fireEvent.change(search, { target: { value: ' depot ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(lists(calls).at(-1)?.body).toEqual({ page: 1, limit: 20, data: { region_type: 3, search: 'depot' } }),
    );
  });

  it('says why a delete failed: the server’s message and "(Error Code: 1008)"', async () => {
    const calls = serve({ code: 1008, msg: 'Record missing' });
    renderPage();
    const row = await screen.findByTestId('region-page-row-2');
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Record missing (Error Code: 1008)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/basic/region/2')).toBe(true);
  });

  it('shows add, export, edit and delete only with their permission bits', async () => {
    serve();
    renderPage(PermissionBit.view);
    const page = await screen.findByTestId('region-page');
    const row = await within(page).findByTestId('region-page-row-1');
    expect(within(page).queryByTestId('region-page-add')).toBeNull();
    expect(within(page).queryByTestId('region-page-export')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Details of North depot' })).toBeTruthy();
  });

  it('exports what the filter selects', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    try {
      const calls = serve();
      renderPage(PermissionBit.view | PermissionBit.export);
      const page = await screen.findByTestId('region-page');
      await within(page).findByTestId('region-page-row-1');
      fireEvent.mouseDown(within(page).getByRole('combobox', { name: 'Type' }));
      fireEvent.click(await screen.findByTitle('Circle'));
      await waitFor(() => expect(lists(calls).at(-1)?.body?.data).toEqual({ region_type: 1 }));
      fireEvent.click(within(page).getByTestId('region-page-export'));
      fireEvent.click(await screen.findByTestId('region-page-export-all-pdf'));
      await screen.findByText('Exported', undefined, { timeout: 10_000 });
      const exported = calls.find((c) => c.path === '/basic/region/export');
      expect(exported?.query.get('region_type')).toBe('1');
      expect(exported?.query.get('format')).toBe('pdf');
      expect(exported?.query.get('scope')).toBe('all');
      expect(exported?.query.get('page')).toBeNull();
      expect(exported?.query.get('time_zone')).toBeTruthy();
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('opens a depot’s detail: its visits as time parked, its terminals, and sends it to vehicles', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'North depot' }));
    const detail = await screen.findByTestId('region-detail');
    const visits = within(detail).getByTestId('region-detail-visits');
    expect(within(detail).getByText('Recent visits')).toBeTruthy();
    expect(within(visits).getByText('Time parked')).toBeTruthy();
    expect(await within(visits).findByText('3 h 20 min')).toBeTruthy();
    expect(within(visits).getByText('Inside')).toBeTruthy();
    const pushes = within(detail).getByTestId('region-detail-pushes');
    expect(await within(pushes).findByText('Replied')).toBeTruthy();
    expect(within(pushes).getByText('Set')).toBeTruthy();

    fireEvent.click(within(detail).getByTestId('region-push'));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Vehicles' }));
    fireEvent.click(await screen.findByTitle('Depot North'));
    fireEvent.click(screen.getByTestId('region-push-send'));
    const outcome = await screen.findByTestId('region-push-outcome');
    expect(within(outcome).getByText('1 of 2 acknowledged')).toBeTruthy();
    expect(within(within(outcome).getByTestId('region-push-outcome-8')).getByText('Not reachable')).toBeTruthy();
    expect(calls.find((c) => c.path === '/basic/region/push')?.body).toEqual({ region_id: 1, car_list: [7, 8] });
  });

  it('offers no push for a point of interest, with the reason, and hides it without command access', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    serve();
    const view = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Depot gate' }));
    const detail = await screen.findByTestId('region-detail');
    expect(within(detail).getByTestId('region-poi-no-push')).toBeTruthy();
    expect(within(detail).queryByTestId('region-push')).toBeNull();
    view.unmount();

    useSession.setState({ views: [] });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Harbour loop' }));
    const other = await screen.findByTestId('region-detail');
    expect(within(other).queryByTestId('region-detail-pushes')).toBeNull();
    expect(within(other).queryByTestId('region-push')).toBeNull();
  });
});
