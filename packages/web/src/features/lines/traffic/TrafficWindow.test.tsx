import type { OwnLine, TrafficRow } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import { LINE_MAP_SCREEN } from '../access';
import TrafficWindow from './TrafficWindow';

const line: OwnLine = {
  route_id: 1,
  route_code: 'S40',
  route_name: 'St. George - Amazon',
  category: 0,
  directions: [],
};

function rows(): TrafficRow[] {
  return [1, 2, 3].map((serial) => ({
    key: 10 + serial,
    route_code: 'S40',
    direction: 1,
    serial,
    station_name: `Stop ${serial}`,
    traffic_status: serial === 2 ? 2 : 0,
    updated_at: serial === 2 ? 1_800_000_000 : null,
    updated_by: serial === 2 ? 'dispatcher' : '',
  }));
}

function serve() {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', url, body });
    let result: unknown = null;
    if (url.startsWith('/api/basic/routes/own')) result = [line];
    else if (url.startsWith('/dispatch/api/dispatch/traffic') && init.method === 'PUT') {
      result = { ...rows().find((r) => r.key === body.key), traffic_status: body.traffic_status, updated_by: 'me' };
    } else if (url.startsWith('/dispatch/api/dispatch/traffic')) result = rows();
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

describe('the traffic window', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('lists the line’s stations with their states and saves a change with PUT /dispatch/traffic', async () => {
    holdScreen(LINE_MAP_SCREEN, FULL_MASK);
    const calls = serve();
    renderInApp(<TrafficWindow route_code="S40" onClose={() => {}} />);
    const window = await screen.findByTestId('traffic-window');
    await within(window).findByText('Stop 3');
    expect(await within(window).findByText('Traffic — St. George - Amazon')).toBeTruthy();
    expect(calls.some((c) => c.url === '/dispatch/api/dispatch/traffic?route_code=S40')).toBe(true);
    const stop2 = window.querySelector('[data-testid="traffic-state"][data-station="12"]') as HTMLElement;
    expect((within(stop2).getByRole('radio', { name: /Slow/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(window).getByText('dispatcher')).toBeTruthy();

    const stop3 = window.querySelector('[data-testid="traffic-state"][data-station="13"]') as HTMLElement;
    fireEvent.click(within(stop3).getByRole('radio', { name: /Jam/ }));
    await screen.findByText('Traffic state saved');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/dispatch/api/dispatch/traffic',
      body: { key: 13, traffic_status: 3 },
    });
    await waitFor(() =>
      expect((within(stop3).getByRole('radio', { name: /Jam/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(within(window).getByText('me')).toBeTruthy();
  });

  it('is read-only without edit on the line map', async () => {
    holdScreen(LINE_MAP_SCREEN, PermissionBit.view);
    const calls = serve();
    renderInApp(<TrafficWindow route_code="S40" onClose={() => {}} />);
    const window = await screen.findByTestId('traffic-window');
    await within(window).findByText('Stop 3');
    within(window).getByText('You may view the traffic states; changing them needs edit on the line map.');
    const radios = within(window).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.length).toBe(12);
    expect(radios.every((r) => r.disabled)).toBe(true);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});
