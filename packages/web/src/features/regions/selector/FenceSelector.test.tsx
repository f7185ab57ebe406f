import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toLonLat } from 'ol/proj';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { MapProvider, useMap } from '../../../map';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import type { RegionRow } from '../api';
import { FenceSelector } from './FenceSelector';

// The fence selector over a real OpenLayers map, with a real query client; the server is stood in for at fetch.

const base: Omit<RegionRow, 'id' | 'region_name' | 'region_type' | 'region_point'> = {
  use_type: 0,
  center: '',
  center_lat: 0,
  center_lng: 0,
  is_share: 1,
  img_url: '',
  region_option: '{}',
  remark: '',
  style: '',
  icon: '',
  created_by: 1,
  created_by_account: 'admin',
  created_at: 0,
  updated_at: 0,
};

const regions: RegionRow[] = Array.from({ length: 12 }, (_, i) => ({
  ...base,
  id: i + 1,
  region_name: i === 0 ? 'North depot' : `Stop ${i + 1}`,
  region_type: i === 0 ? 1 : 3,
  region_point: i === 0 ? '40.7,-74,300' : '40.6,-74.1|40.61,-74.1|40.61,-74.11',
}));

interface Call {
  method: string;
  path: string;
  body: { page?: number; limit?: number; data?: { region_type?: number; search?: string } } | null;
}

function serve(remaining = regions) {
  let rows = [...remaining];
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: parsed.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    let result: unknown = null;
    if (call.path === '/api/basic/region/list') {
      const { page = 1, limit = 10, data = {} } = call.body ?? {};
      const found = rows.filter(
        (r) =>
          (data.region_type === undefined || r.region_type === data.region_type) &&
          (!data.search || r.region_name.toLowerCase().includes(data.search.toLowerCase())),
      );
      result = { total: found.length, rows: found.slice((page - 1) * limit, page * limit) };
    } else if (call.method === 'DELETE') {
      const id = Number(call.path.split('/').at(-1));
      rows = rows.filter((r) => r.id !== id);
    }
    return new Response(JSON.stringify({ code: 0, msg: '', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** Where the map looks, in WGS-84, for the test to read. */
let view: () => { lng: number; lat: number; zoom: number } = () => ({ lng: 0, lat: 0, zoom: 0 });
function ViewProbe() {
  const { map } = useMap();
  useEffect(() => {
    view = () => {
      const [lng, lat] = toLonLat(map.getView().getCenter() ?? [0, 0]) as [number, number];
      return { lng, lat, zoom: map.getView().getZoom() ?? 0 };
    };
  }, [map]);
  return null;
}

function mount(mask: number) {
  renderInApp(
    <ViewContext.Provider value={{ name: 'MonitoringMap', permission: mask } as AppRoute}>
      <MapProvider datum="wgs84" center={[-74.15, 40.58]} zoom={12} labels={{ name: 'Map', zoomIn: '+', zoomOut: '-' }}>
        <ViewProbe />
        <FenceSelector onClose={() => {}} />
      </MapProvider>
    </ViewContext.Provider>,
  );
}

describe('the fence selector', { timeout: 30_000 }, () => {
  componentSuite();

  it('lists the regions 10 a page, filters by type and name', async () => {
    const calls = serve();
    mount(FULL_MASK);
    const list = await screen.findByTestId('fence-list');
    await within(list).findByText('North depot');
    expect(
      within(list)
        .getAllByRole('row')
        .filter((r) => r.dataset.rowKey),
    ).toHaveLength(10);
    expect(within(screen.getByTestId('region-row-1')).getByText('Circle')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ page: 1, limit: 10, data: {} });

    fireEvent.click(within(list).getByTitle('2'));
    await within(list).findByText('Stop 12');

    fireEvent.click(within(list).getByRole('radio', { name: 'Circle' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page: 1, limit: 10, data: { region_type: 1 } }));
    await waitFor(() => expect(within(list).queryByText('Stop 2')).toBeNull());

    fireEvent.click(within(list).getByRole('radio', { name: 'All' }));
    const search = within(list).getByRole('searchbox', { name: 'Search by name' });
    fireEvent.change(search, { target: { value: 'stop 1' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.body?.data).toEqual({ search: 'stop 1' }));
  });

  it('shows a circle at the spec’s zoom for its radius, and deletes after confirmation', async () => {
    const calls = serve();
    mount(FULL_MASK);
    const row = await screen.findByTestId('region-row-1');
    fireEvent.click(within(row).getByTestId('region-show-1'));
    // 300 m is under the selector's 500 m step: zoom 16, centred on the circle.
    expect(view().zoom).toBe(16);
    expect(view().lat).toBeCloseTo(40.7, 5);
    expect(view().lng).toBeCloseTo(-74, 5);
    expect((within(row).getByTestId('region-select-1') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(within(row).getByTestId('region-delete-1'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Region deleted')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/basic/region/1')).toBe(true);
    await waitFor(() => expect(screen.queryByText('North depot')).toBeNull());
  });

  it('leaves out adding and deleting for a user without them', async () => {
    serve();
    mount(PermissionBit.view);
    await screen.findByText('North depot');
    expect(screen.queryByTestId('region-delete-1')).toBeNull();
    expect(screen.queryByTestId('fence-tab-add')).toBeNull();
    expect(screen.getByTestId('region-show-1')).toBeTruthy();
  });

  it('adds a region on the map it floats over, then lists it selected', async () => {
    const calls = serve();
    mount(FULL_MASK);
    fireEvent.click(await screen.findByTestId('fence-tab-add'));
    fireEvent.change(await screen.findByTestId('region-name'), { target: { value: 'Gas 7' } });
    fireEvent.click(screen.getByTestId('region-type-0'));
    const box = screen.getByTestId('region-coords');
    fireEvent.change(box, { target: { value: '40.65,-74.05' } });
    fireEvent.click(screen.getByTestId('region-coords-go'));
    await waitFor(() => expect(screen.getByTestId('region-form').dataset.regionDrawn).toBe('40.65,-74.05'));
    expect(view().zoom).toBe(16);
    expect(view().lat).toBeCloseTo(40.65, 5);

    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://console.test').pathname;
      calls.push({ method: init?.method ?? 'GET', path, body: null });
      const result =
        path === '/api/basic/region' && init?.method === 'POST'
          ? { ...base, id: 40, region_name: 'Gas 7', region_type: 0, region_point: '40.65,-74.05' }
          : path === '/api/basic/region/list'
            ? {
                total: 1,
                rows: [{ ...base, id: 40, region_name: 'Gas 7', region_type: 0, region_point: '40.65,-74.05' }],
              }
            : true;
      return new Response(JSON.stringify({ code: 0, msg: '', result }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    fireEvent.click(screen.getByTestId('region-save'));
    const row = await screen.findByTestId('region-row-40');
    expect((within(row).getByTestId('region-select-40') as HTMLInputElement).checked).toBe(true);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/basic/region')).toBe(true);
  });
});
