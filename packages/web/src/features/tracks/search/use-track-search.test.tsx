import type { TrackPoint } from '@headway/server/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import type { SearchInput } from './search-rules';
import { useTrackSearch } from './use-track-search';

const T = 1_763_780_000;

function point(event_time: number): TrackPoint {
  return {
    imei: '864520040000001',
    car_id: 7,
    car_name: '8207',
    route_code: 'S40',
    route_name: 'S40',
    direction: 1,
    serial: 1,
    station_name: '',
    lat: 40.6,
    lng: -74.1,
    azimuth: 0,
    speed: 20,
    mileage: null,
    state: 0,
    warning: 0,
    attached: '{}',
    event_time,
    receive_time: event_time,
  };
}

/** The track query answering `rows` (or an error envelope), recording the bodies it was sent. */
function serve(answer: { rows: TrackPoint[] } | { code: number; msg: string }) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    expect(url).toBe('/api/device/position');
    bodies.push(JSON.parse(String(init.body)));
    const envelope = 'rows' in answer ? { code: 0, msg: '', result: answer } : { ...answer, result: null };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return bodies;
}

function Harness({ input, onRows }: { input: SearchInput; onRows: (rows: TrackPoint[]) => void }) {
  const { search, loading } = useTrackSearch(onRows);
  return (
    <button type="button" data-testid="run" onClick={() => search(input)}>
      {loading ? 'loading' : 'search'}
    </button>
  );
}

const hour: SearchInput = { start: T - 3600, end: T, carIds: [7], moving: true };

describe('track search flow', () => {
  componentSuite();

  it('sends the query and hands over the rows', async () => {
    const bodies = serve({ rows: [point(T - 60), point(T - 50)] });
    const onRows = vi.fn();
    renderInApp(<Harness input={hour} onRows={onRows} />);
    fireEvent.click(screen.getByTestId('run'));
    await waitFor(() => expect(onRows).toHaveBeenCalledOnce());
    expect(onRows.mock.calls[0]?.[0]).toHaveLength(2);
    expect(bodies).toEqual([{ start_time: T - 3600, end_time: T, speed: 1, car_id: 7 }]);
  });

  it('no rows: a warning notification, nothing handed over', async () => {
    serve({ rows: [] });
    const onRows = vi.fn();
    renderInApp(<Harness input={hour} onRows={onRows} />);
    fireEvent.click(screen.getByTestId('run'));
    await screen.findByText('No track points in this time range');
    expect(onRows).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('run').textContent).toBe('search'));
  });

  it('without a vehicle or line: a warning, no request', async () => {
    const bodies = serve({ rows: [] });
    renderInApp(<Harness input={{ ...hour, carIds: [] }} onRows={vi.fn()} />);
    fireEvent.click(screen.getByTestId('run'));
    await screen.findByText('Choose a line or at least one vehicle');
    expect(bodies).toEqual([]);
  });

  it('over 7 days: a warning, no request', async () => {
    const bodies = serve({ rows: [] });
    renderInApp(<Harness input={{ ...hour, start: T - 8 * 86_400 }} onRows={vi.fn()} />);
    fireEvent.click(screen.getByTestId('run'));
    await screen.findByText('The time span may not exceed 7 days');
    expect(bodies).toEqual([]);
  });

  it('over 24 hours: asks first, searches once confirmed', async () => {
    const bodies = serve({ rows: [point(T - 60)] });
    const onRows = vi.fn();
    renderInApp(<Harness input={{ ...hour, start: T - 2 * 86_400 }} onRows={onRows} />);
    fireEvent.click(screen.getByTestId('run'));
    await screen.findByText('The search spans 48 hours and may take a while. Search anyway?');
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onRows).toHaveBeenCalledOnce());
    expect(bodies).toHaveLength(1);
  });

  it('a server error ends loading and hands nothing over', async () => {
    serve({ code: 1009, msg: 'Too much data' });
    const onRows = vi.fn();
    renderInApp(<Harness input={hour} onRows={onRows} />);
    fireEvent.click(screen.getByTestId('run'));
    await waitFor(() => expect(screen.getByTestId('run').textContent).toBe('loading'));
    await waitFor(() => expect(screen.getByTestId('run').textContent).toBe('search'));
    expect(onRows).not.toHaveBeenCalled();
  });
});
