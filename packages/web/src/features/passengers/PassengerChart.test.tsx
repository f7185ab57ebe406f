import type { PassengerRow } from '@headway/server/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../testing/render';
import PassengerChart from './PassengerChart';
import { quickRange } from './quick-ranges';

// ECharts draws on a canvas jsdom does not have: the bars are stood in for by their categories and series.
vi.mock('./PassengerBars', () => ({
  PassengerBars: ({ option }: { option: { xAxis: { data: string[] }; series: { data: number[] }[] } }) => (
    <div
      data-testid="passenger-bars"
      data-categories={option.xAxis.data.join('|')}
      data-up={option.series[0]?.data.join(',')}
      data-down={option.series[1]?.data.join(',')}
    />
  ),
}));

const vehicle = { car_id: 42, car_name: 'Bus 8204', imei: '860000000008204' };

interface Asked {
  url: string;
  body: { car_id: number; start_time: number; end_time: number };
}

/** Answers each call with `answer(url)` as the server's envelope; records what was asked. */
interface Envelope {
  code: number;
  msg?: string;
  result: unknown;
}

function serve(answer: (url: string) => Envelope | Promise<Envelope>) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, body: JSON.parse(String(init.body)) });
    const envelope = await answer(url);
    return new Response(JSON.stringify({ msg: 'ok', ...envelope }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return asked;
}

const hour = (time_frame: string, up: number, down: number): PassengerRow => ({
  time_frame,
  up_number: up,
  down_number: down,
  station_name: '',
  route_code: '',
  direction: 0,
  serial: 0,
});

const station = (name: string, direction: number, serial: number, up: number, down: number): PassengerRow => ({
  time_frame: '',
  up_number: up,
  down_number: down,
  station_name: name,
  route_code: 'S40',
  direction,
  serial,
});

describe('the passenger chart', { timeout: 30_000 }, () => {
  componentSuite();

  it('asks for today by time and shows the no-data text when nothing was counted', async () => {
    const asked = serve(() => ({ code: 0, result: { rows: [] } }));
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Passenger chart of Bus 8204' })).toBeTruthy();
    expect(screen.getByText('Passengers · Bus 8204')).toBeTruthy();
    await screen.findByText('No passenger counts for this vehicle in the chosen time');
    expect(screen.queryByTestId('passenger-bars')).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('/api/device/passenger/time');
    const today = quickRange('today', new Date());
    expect(asked[0]?.body.car_id).toBe(42);
    expect(asked[0]?.body.start_time).toBe(today.start_time);
  });

  it('treats hours without a single passenger as no data too', async () => {
    serve(() => ({ code: 0, result: { rows: [hour('2026-03-02 07:00', 0, 0), hour('2026-03-02 08:00', 0, 0)] } }));
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    await screen.findByTestId('passenger-no-data');
  });

  it('shows a loading state, then up and down bars with the totals', async () => {
    let release: (() => void) | undefined;
    serve(
      () =>
        new Promise<Envelope>((resolve) => {
          release = () =>
            resolve({ code: 0, result: { rows: [hour('2026-03-02 07:00', 14, 10), hour('2026-03-02 08:00', 5, 4)] } });
        }),
    );
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    await screen.findByText('Loading passenger counts…');
    await waitFor(() => expect(release).toBeDefined());
    act(() => release?.());
    const bars = await screen.findByTestId('passenger-bars');
    expect(bars.dataset.categories).toBe('07:00|08:00');
    expect(bars.dataset.up).toBe('14,5');
    expect(bars.dataset.down).toBe('10,4');
    expect(screen.getByTestId('passenger-totals').textContent).toBe('19 boarded · 14 alighted');
  });

  it('switches to stations and to another quick range, asking the matching call', async () => {
    const asked = serve((url) => ({
      code: 0,
      result: {
        rows: url.endsWith('/station')
          ? [station('Stop 3', 1, 3, 0, 7), station('Stop 3', 2, 1, 6, 0)]
          : [hour('2026-03-02 07:00', 1, 1)],
      },
    }));
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    await screen.findByTestId('passenger-bars');
    fireEvent.click(screen.getByText('By station'));
    await waitFor(() => expect(screen.getByTestId('passenger-bars').dataset.categories).toBe('Stop 3 ↑|Stop 3 ↓'));
    expect(asked.at(-1)?.url).toBe('/api/device/passenger/station');
    fireEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() => expect(asked).toHaveLength(3));
    const week = asked[2]!.body;
    expect(asked[2]?.url).toBe('/api/device/passenger/station');
    expect(week.start_time).toBe(quickRange('last7', new Date()).start_time);
  });

  it('asks again on refresh, also for yesterday, whose range does not move', async () => {
    const asked = serve(() => ({ code: 0, result: { rows: [] } }));
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    await screen.findByTestId('passenger-no-data');
    fireEvent.click(screen.getByText('Yesterday'));
    await waitFor(() => expect(asked).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked[2]?.body).toEqual(asked[1]?.body);
    expect(asked[1]?.body.end_time).toBe(quickRange('yesterday', new Date()).end_time);
  });

  it('shows why it failed and tries again on request', async () => {
    let fail = true;
    const asked = serve(() =>
      fail ? { code: 1004, msg: 'Parameter error', result: null } : { code: 0, result: { rows: [] } },
    );
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    const error = await screen.findByTestId('passenger-error');
    expect(error.textContent).toContain('The passenger counts could not be loaded');
    fail = false;
    fireEvent.click(screen.getByText('Retry'));
    await screen.findByTestId('passenger-no-data');
    expect(asked).toHaveLength(2);
  });

  it('closes with its button or Escape, and does not block the page behind', async () => {
    serve(() => ({ code: 0, result: { rows: [] } }));
    const onClose = vi.fn();
    renderInApp(<PassengerChart vehicle={vehicle} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(document.querySelector('.ant-modal-mask')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves with its title bar, and stays reachable', async () => {
    serve(() => ({ code: 0, result: { rows: [] } }));
    renderInApp(<PassengerChart vehicle={vehicle} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    const handle = screen.getByTestId('floating-panel-handle');
    const left = Number.parseFloat(dialog.style.left);
    const top = Number.parseFloat(dialog.style.top);
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientX: 300, clientY: 110 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 250, clientY: 160 });
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 250, clientY: 160 });
    expect(Number.parseFloat(dialog.style.left)).toBe(left - 50);
    expect(Number.parseFloat(dialog.style.top)).toBe(top + 50);
    // Dragged far above the page: the title bar stops at the top edge.
    fireEvent.pointerDown(handle, { button: 0, pointerId: 2, clientX: 300, clientY: 200 });
    fireEvent.pointerMove(handle, { pointerId: 2, clientX: 300, clientY: -900 });
    expect(Number.parseFloat(dialog.style.top)).toBe(0);
  });
});
