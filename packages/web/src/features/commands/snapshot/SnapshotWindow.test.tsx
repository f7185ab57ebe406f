import type { SnapshotRow } from '@headway/server/contract';
import { FULL_MASK } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import SnapshotWindow from './SnapshotWindow';

const vehicle = { car_id: 7, car_name: '8201', imei: '864520040000001' };

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);

function snapshot(id: number, chn = 2): SnapshotRow {
  return {
    id,
    img_url: `/device/snapshot/${id}/image`,
    car_id: 7,
    car_name: '8201',
    chn,
    snap_time: 1_800_000_000 - id * 60,
    width: 1024,
    height: 768,
    size: JPEG.length,
  };
}

/** The API at the network edge; 12 stored snapshots, pictures as JPEG bytes. */
function serve(channel = '1,2,3,4') {
  const calls: { path: string; query: URLSearchParams }[] = [];
  const stored = Array.from({ length: 12 }, (_, i) => snapshot(12 - i));
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://console.test');
    calls.push({ path: parsed.pathname, query: parsed.searchParams });
    if (/^\/api\/device\/snapshot\/\d+\/image$/.test(parsed.pathname)) {
      return new Response(JPEG, { headers: { 'content-type': 'image/jpeg' } });
    }
    let result: unknown = null;
    if (parsed.pathname === '/api/basic/cars/info') result = { car_id: 7, car_name: '8201', channel };
    else if (parsed.pathname === '/api/jtt1078/media/snap') result = { rows: [snapshot(13, 2)] };
    else if (parsed.pathname === '/api/device/snapshot') {
      const page = Number(parsed.searchParams.get('page'));
      const limit = Number(parsed.searchParams.get('limit'));
      result = { total: stored.length, rows: stored.slice((page - 1) * limit, page * limit) };
    }
    return new Response(JSON.stringify({ code: 0, msg: '', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

describe('the snapshot window', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));
  // jsdom has no object URLs: the picture's blob gets a stand-in address.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeAll(() => {
    URL.createObjectURL = () => 'blob:snapshot';
    URL.revokeObjectURL = () => {};
  });
  afterAll(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('takes a picture with the spec’s defaults and shows it', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve();
    renderInApp(<SnapshotWindow vehicle={vehicle} onClose={() => {}} />);
    const window = await screen.findByTestId('snapshot-window');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/basic/cars/info')).toBe(true));
    expect(within(window).getByText('1024×768')).toBeTruthy();

    fireEvent.click(within(window).getByTestId('snapshot-take'));
    const image = (await screen.findByTestId('snapshot-image')) as HTMLImageElement;
    expect(image.src).toBe('blob:snapshot');
    const snap = calls.find((c) => c.path === '/api/jtt1078/media/snap');
    expect(JSON.parse(snap?.query.get('data') ?? '')).toEqual({
      imei: vehicle.imei,
      chn: 1,
      cmd: 1,
      interval: 0,
      flag: 0,
      resolution: 4,
      quality: 5,
      light: 0,
      contrast: 0,
      saturation: 0,
      shades: 0,
    });
    expect(calls.some((c) => c.path === '/api/device/snapshot/13/image')).toBe(true);
  });

  it('pages through past snapshots with previous and next', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve();
    renderInApp(<SnapshotWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('snapshot-tab-preview'));
    const preview = await screen.findByTestId('snapshot-preview');
    await waitFor(() => expect(within(preview).getByTestId('snapshot-position').textContent).toBe('1 of 12'));
    const prev = within(preview).getByTestId('snapshot-prev') as HTMLButtonElement;
    const next = within(preview).getByTestId('snapshot-next') as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(within(preview).getAllByTestId('snapshot-preview-item')).toHaveLength(10);

    within(preview).getAllByTestId('snapshot-preview-item')[9]?.click();
    await waitFor(() => expect(within(preview).getByTestId('snapshot-position').textContent).toBe('10 of 12'));
    fireEvent.click(next);
    await waitFor(() => expect(within(preview).getByTestId('snapshot-position').textContent).toBe('11 of 12'));
    await waitFor(() => expect(within(preview).getAllByTestId('snapshot-preview-item')).toHaveLength(2));
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    await waitFor(() => expect(within(preview).getByTestId('snapshot-position').textContent).toBe('12 of 12'));
    expect((within(preview).getByTestId('snapshot-next') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(preview).getByTestId('snapshot-prev'));
    fireEvent.click(within(preview).getByTestId('snapshot-prev'));
    await waitFor(() => expect(within(preview).getByTestId('snapshot-position').textContent).toBe('10 of 12'));
    await within(preview).findByTestId('snapshot-preview-image');
    expect(calls.filter((c) => c.path === '/api/device/snapshot').map((c) => c.query.get('car_id'))).toContain('7');
  });
});
