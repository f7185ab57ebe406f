import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import AlarmCentre from './AlarmCentre';
import AlarmCounter from './AlarmCounter';
import { alarmCentre } from './centre-store';
import { REAL_KEY } from './keys';
import { clientWithOwnTypes, realRow, SPEEDING } from './test-alarms';

/** The server: a count of 120 unread, a list of two rows; the URLs asked. */
function serve() {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const result =
      url === '/api/device/alarm/real?count_only=1'
        ? { total: 120, rows: [] }
        : url.startsWith('/api/device/alarm/real')
          ? { total: 120, rows: [realRow(1, SPEEDING, 100), realRow(2, SPEEDING, 20)] }
          : url.startsWith('/api/owner/user/alarm')
            ? []
            : { total: 0, rows: [] };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return urls;
}

const realCalls = (urls: readonly string[]) => urls.filter((u) => u.startsWith('/api/device/alarm/real'));

describe('the alarm centre', { timeout: 30_000 }, () => {
  componentSuite(() => {
    alarmCentre.reset();
    useSession.setState({ views: [] });
  });

  it('counts the badge with count_only, and fetches the list only while the alarm dialog is open', async () => {
    const urls = serve();
    const client = clientWithOwnTypes();
    renderInApp(
      <>
        <AlarmCounter />
        <AlarmCentre />
      </>,
      client,
    );
    await waitFor(() =>
      expect(screen.getByTestId('alarm-counter').getAttribute('aria-label')).toBe('Unread alarms: 120'),
    );
    expect(realCalls(urls)).toEqual(['/api/device/alarm/real?count_only=1']);

    // Live alarms or a handling elsewhere: with the dialog closed, the count alone is asked again.
    await act(() => client.invalidateQueries({ queryKey: REAL_KEY }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(realCalls(urls)).toEqual(['/api/device/alarm/real?count_only=1', '/api/device/alarm/real?count_only=1']);

    // The list stays fresh 2 s after the click's fetch. The clock stands still from the click to the dialog's
    // rows: its lazy chunk and first render under jsdom on a loaded machine took 6 s, and then the dialog rightly
    // asks again; what is tested is that a dialog mounting within the freshness does not.
    vi.useFakeTimers({ toFake: ['Date'] });
    const closed = realCalls(urls).length;
    act(() => screen.getByTestId('alarm-counter').click());
    await waitFor(() => expect(screen.getAllByTestId('alarm-row-car')).toHaveLength(2), { timeout: 10_000 });
    // Once: the fetch started at the click serves the dialog that mounts after its chunk has loaded.
    expect(realCalls(urls).slice(closed)).toEqual(['/api/device/alarm/real']);
    expect(screen.getByText('Alarms (120)')).toBeTruthy();
    vi.useRealTimers();

    act(() => alarmCentre.openList(false));
    const before = realCalls(urls).length;
    await act(() => client.invalidateQueries({ queryKey: REAL_KEY }));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(realCalls(urls).slice(before)).toEqual(['/api/device/alarm/real?count_only=1']);
  });
});
