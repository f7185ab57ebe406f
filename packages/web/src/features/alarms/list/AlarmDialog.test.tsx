import type { AlarmRealResult } from '@headway/server/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { alarmCentre } from '../centre/centre-store';
import { REAL_KEY } from '../centre/keys';
import { alarm, clientWithOwnTypes, realRow, SPEEDING } from '../centre/test-alarms';
import AlarmDialog from './AlarmDialog';

// antd's Table and Tooltip, counted: the Table renders when the dialog hands it new props, a Tooltip when a row's
// vehicle cell renders (the rows' heavy part, one each).
const renders = vi.hoisted(() => ({ table: 0, tooltip: 0 }));
vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  function Table(props: Parameters<typeof antd.Table>[0]) {
    renders.table++;
    return createElement(antd.Table, props);
  }
  function Tooltip(props: Parameters<typeof antd.Tooltip>[0]) {
    renders.tooltip++;
    return createElement(antd.Tooltip, props);
  }
  return { ...antd, Table, Tooltip };
});

/** The server's live list: `answer` as it is when asked, each time as new JSON; the URLs asked. */
function serve(first: AlarmRealResult) {
  const state = { answer: first, urls: [] as string[] };
  vi.stubGlobal('fetch', async (url: string) => {
    state.urls.push(url);
    const result = url.startsWith('/api/device/alarm/real') ? state.answer : { total: 0, rows: [] };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return state;
}

describe('the alarm dialog', { timeout: 30_000 }, () => {
  componentSuite(() => {
    alarmCentre.reset();
    useSession.setState({ views: [] });
  });

  async function openDialog(first: AlarmRealResult) {
    const server = serve(first);
    const client = clientWithOwnTypes();
    act(() => {
      alarmCentre.setUnread(first.total);
      alarmCentre.openList(true);
    });
    renderInApp(<AlarmDialog />, client);
    await waitFor(() => expect(screen.getAllByTestId('alarm-row-car')).toHaveLength(first.rows.length));
    /** Refetches the list as the live path or a handling does, and waits for the answer to be in. */
    const refetch = async () => {
      const asked = server.urls.length;
      await act(() => client.invalidateQueries({ queryKey: REAL_KEY }));
      await waitFor(() => expect(client.isFetching()).toBe(0));
      expect(server.urls.length).toBe(asked + 1);
    };
    return { server, client, refetch };
  }

  it('fetches the list (not the count) while open, and counts live alarms in its title without rendering the table', async () => {
    const rows = [realRow(1, SPEEDING, 2), realRow(2, SPEEDING), realRow(3, SPEEDING)];
    const { server } = await openDialog({ total: 4, rows });
    expect(server.urls).toEqual(['/api/device/alarm/real']);
    expect(screen.getByText('Alarms (4)')).toBeTruthy();
    const table = renders.table;
    const tooltips = renders.tooltip;
    // A storm's live batches: the badge's count moves, so does the title; the table stays as it was.
    for (let i = 0; i < 8; i++) act(() => alarmCentre.ingest([alarm(10 + i, SPEEDING), alarm(20 + i, SPEEDING)]));
    expect(screen.getByText('Alarms (20)')).toBeTruthy();
    expect(renders.table).toBe(table);
    expect(renders.tooltip).toBe(tooltips);
  });

  it('leaves the table alone when a refetch answers the same list, and renders only the rows that changed', async () => {
    const rows = [realRow(1, SPEEDING, 2), realRow(2, SPEEDING), realRow(3, SPEEDING)];
    const { server, refetch } = await openDialog({ total: 4, rows });
    const table = renders.table;
    const tooltips = renders.tooltip;
    await refetch();
    expect(renders.table).toBe(table);
    expect(renders.tooltip).toBe(tooltips);

    // Car 2 has a new alarm and moves to the top; cars 1 and 3 are as they were.
    const [one, two, three] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const newer = alarm(2, SPEEDING, { event_time: two.event_time + 5 });
    server.answer = {
      total: 5,
      rows: [{ ...two, alarm_count: 2, event_time: newer.event_time, last: newer }, one, three],
    };
    await refetch();
    expect(renders.table).toBeGreaterThan(table);
    expect(renders.tooltip).toBe(tooltips + 1);
    const cars = screen.getAllByTestId('alarm-row-car').map((b) => b.textContent);
    expect(cars).toEqual(['Bus 2', 'Bus 1', 'Bus 3']);
  });

  it('titles a line filter with its own total', async () => {
    const { client, server } = await openDialog({ total: 4, rows: [realRow(1, SPEEDING, 4)] });
    server.answer = { total: 2, rows: [realRow(1, SPEEDING, 2)] };
    // The filter's choices come from the unfiltered list's lines (no map here); choosing line 1:
    const select = screen.getByTestId('alarm-line-filter');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('Line 1'));
    await waitFor(() => expect(screen.getByText('Alarms (2)')).toBeTruthy());
    expect(server.urls.at(-1)).toBe('/api/device/alarm/real?route_id=1');
    // Live alarms move the badge, not a filtered title.
    act(() => alarmCentre.ingest([alarm(9, SPEEDING)]));
    expect(screen.getByText('Alarms (2)')).toBeTruthy();
    expect(client.isFetching()).toBe(0);
  });
});
