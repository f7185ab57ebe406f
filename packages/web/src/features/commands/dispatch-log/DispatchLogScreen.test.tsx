import type { DispatchLogRow, VehicleTreeNode } from '@headway/server/contract';
import { FULL_MASK } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import DispatchLogScreen from './DispatchLogScreen';

const rows: DispatchLogRow[] = [
  {
    id: 1,
    car_id: 7,
    car_name: '8201',
    imei: '864520040000001',
    account: 'dispatcher',
    command: 0x8103,
    action: 'params-write',
    request: '{"params":[{"id":1,"value":30}]}',
    state: 2,
    result: 0,
    send_time: 1_800_000_000,
    reply_time: 1_800_000_001,
    expire_time: null,
  },
  {
    id: 2,
    car_id: 7,
    car_name: '8201',
    imei: '864520040000001',
    account: 'dispatcher',
    command: 0x8105,
    action: 'reboot',
    request: '{}',
    state: 4,
    result: 1101,
    send_time: 1_800_000_100,
    reply_time: null,
    expire_time: null,
  },
];

const tree: VehicleTreeNode[] = [
  {
    gid: 'c7',
    pid: 'g1',
    label: '8201',
    node_type: 2,
    node_data: { car_id: 7, imei: '864520040000001', lpn: 'NY-8201', route_code: 'S40' },
  } as VehicleTreeNode,
];

function serve() {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://console.test');
    if (parsed.pathname === '/api/logs/dispatch/export') {
      queries.push(parsed.searchParams);
      return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      });
    }
    let result: unknown = null;
    if (parsed.pathname === '/dispatch/api/logs/dispatch') {
      queries.push(parsed.searchParams);
      result = { total: rows.length, rows };
    } else if (parsed.pathname === '/api/basic/cars/tree') result = tree;
    return new Response(JSON.stringify({ code: 0, msg: '', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return queries;
}

describe('the command log', { timeout: 30_000 }, () => {
  componentSuite();

  it('lists today’s commands with their names, states and results, and filters by state', async () => {
    const queries = serve();
    renderInApp(<DispatchLogScreen />);
    const log = await screen.findByTestId('dispatch-log');
    await within(log).findByText('0x8103 Write parameters');
    expect(within(log).getByText('0x8105 Reboot')).toBeTruthy();
    expect(within(log).getByText('Replied')).toBeTruthy();
    expect(within(log).getByText('Not reachable')).toBeTruthy();
    expect(within(log).getByText('1101')).toBeTruthy();
    const first = queries[0];
    expect(Number(first?.get('start_time'))).toBe(dayjs().startOf('day').unix());
    expect(Number(first?.get('end_time'))).toBe(dayjs().endOf('day').unix());
    expect(first?.get('state')).toBeNull();

    fireEvent.mouseDown(within(log).getByRole('combobox', { name: 'State' }));
    fireEvent.click(await screen.findByTitle('Refused by the terminal'));
    fireEvent.click(within(log).getByTestId('dispatch-log-search'));
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('3'));
    expect(within(log).queryByTestId('dispatch-log-export')).toBeNull();
  });

  it('exports what the filters select, with export on the screen', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    try {
      const queries = serve();
      const route = { name: 'SystemLogDispatch', permission: FULL_MASK } as AppRoute;
      renderInApp(
        <ViewContext.Provider value={route}>
          <DispatchLogScreen />
        </ViewContext.Provider>,
      );
      fireEvent.click(await screen.findByTestId('dispatch-log-export'));
      fireEvent.click(await screen.findByTestId('dispatch-log-export-all-xlsx'));
      await screen.findByText('Exported');
      const exported = queries.at(-1);
      expect(exported?.get('format')).toBe('xlsx');
      expect(Number(exported?.get('start_time'))).toBe(dayjs().startOf('day').unix());
      expect(exported?.get('page')).toBeNull();
      expect(exported?.get('time_zone')).toBeTruthy();
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});
