import type { AlarmDetailRow } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import { ALARM_SCREEN } from '../access';
import { alarmCentre } from '../centre/centre-store';
import { alarm, SPEEDING } from '../centre/test-alarms';
import DetailsDialog from './DetailsDialog';

function row(id: number, is_readed: 0 | 1, remark = ''): AlarmDetailRow {
  return {
    ...alarm(id, SPEEDING),
    id,
    alarm_id: SPEEDING,
    device_alarm_id: 1,
    remark,
    is_readed,
    read_by_name: is_readed ? 'Dispatcher' : '',
    read_time: is_readed ? 1_800_000_100 : null,
    attached: {},
    file_count: 0,
  };
}

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function serve(rows: AlarmDetailRow[]) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method: init.method ?? 'GET', url, body });
    const result = url.startsWith('/api/device/alarm/all')
      ? { total: rows.length, rows }
      : url.startsWith('/api/device/alarm')
        ? { count: (body as { id_list: number[] }).id_list.length }
        : { total: 0, rows: [] };
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

describe('the alarm details dialog', { timeout: 30_000 }, () => {
  componentSuite(() => {
    alarmCentre.reset();
    useSession.setState({ views: [] });
  });

  const renderDialog = () => renderInApp(<DetailsDialog />);

  it("asks for the vehicle's unread alarms, warns when batch read has nothing selected, marks one read with a remark", async () => {
    holdScreen(ALARM_SCREEN, FULL_MASK);
    const calls = serve([row(41, 0), row(42, 1, 'driver called')]);
    act(() => alarmCentre.openDetails({ carId: 41 }));
    renderDialog();
    const dialog = await screen.findByTestId('alarm-details-dialog');
    await within(dialog).findByText('driver called');
    const query = calls.find((c) => c.url === '/api/device/alarm/all');
    expect(query?.body).toMatchObject({ page: 1, limit: 20, data: { car_list: [41], is_readed: 0, route_id: null } });
    // The read one has a tag, the unread one the button.
    expect(within(dialog).getByText('Read')).toBeTruthy();
    expect(within(dialog).getAllByTestId('alarm-set-read')).toHaveLength(1);

    fireEvent.click(within(dialog).getByTestId('alarm-batch-read'));
    expect(await screen.findByText('Select an alarm first')).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId('alarm-set-read'));
    const remark = (await screen.findByTestId('alarm-remark')) as HTMLTextAreaElement;
    expect(remark.maxLength).toBe(255);
    fireEvent.change(remark, { target: { value: '  called the driver  ' } });
    const handle = screen.getByTestId('alarm-handle-dialog');
    await act(async () => {
      fireEvent.click(within(handle).getByRole('button', { name: 'Set read' }));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/device/alarm',
      body: { id_list: [41], is_readed: 1, remark: 'called the driver' },
    });
    expect(await screen.findByText('Alarms marked read')).toBeTruthy();
    // The list is asked again.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/device/alarm/all').length).toBe(2));
  });

  it('offers neither selection nor read actions without edit', async () => {
    holdScreen(ALARM_SCREEN, PermissionBit.view);
    serve([row(51, 0)]);
    act(() => alarmCentre.openDetails({}));
    renderDialog();
    const dialog = await screen.findByTestId('alarm-details-dialog');
    await within(dialog).findByText('Unread');
    expect(within(dialog).queryByTestId('alarm-batch-read')).toBeNull();
    expect(within(dialog).queryByTestId('alarm-set-read')).toBeNull();
    expect(dialog.querySelector('.ant-table-selection-column')).toBeNull();
  });
});
