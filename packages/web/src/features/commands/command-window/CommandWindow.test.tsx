import type { OwnLine } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import CommandWindow from './CommandWindow';

const vehicle = { car_id: 7, car_name: '8201', imei: '864520040000001', route_code: 'S40' };

const lines: OwnLine[] = [
  { route_id: 1, route_code: 'S40', route_name: 'St. George', category: 0, directions: [] },
  { route_id: 2, route_code: 'S48', route_name: 'Port Richmond', category: 0, directions: [] },
];

interface Call {
  method: string;
  path: string;
  data?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

type Answer = { code: number; msg?: string; result?: unknown } | 'network';

/** The API at the network edge: records each call and answers from `answers` by path (code 0 with null else). */
function serve(answers: Record<string, Answer | ((call: Call) => Answer)> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const data = parsed.searchParams.get('data');
    const call: Call = {
      method: init.method ?? 'GET',
      path: parsed.pathname,
      ...(data ? { data: JSON.parse(data) } : {}),
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    };
    calls.push(call);
    const found = answers[call.path];
    const answer: Answer =
      typeof found === 'function'
        ? found(call)
        : (found ?? { code: 0, result: call.path === '/api/basic/routes/own' ? lines : null });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ msg: '', result: null, ...answer }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

const paramCalls = (calls: Call[], path: string) => calls.filter((c) => c.path === `/api/jtt1078/param/${path}`);

async function openParams() {
  renderInApp(<CommandWindow vehicle={vehicle} onClose={() => {}} />);
  const window = await screen.findByTestId('command-window');
  fireEvent.click(within(window).getByTestId('command-menu-params'));
  return window;
}

function selectRow(id: number) {
  fireEvent.click(within(screen.getByTestId(`param-row-${id}`)).getByRole('checkbox'));
}

/** An open error dialog by its title (antd's confirm dialogs carry the title in their body, unnamed). */
function errorDialog(title: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
    (d) => d.querySelector('.ant-modal-confirm-title')?.textContent === title,
  );
}

function findErrorDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = errorDialog(title);
    if (!dialog) throw new Error(`no "${title}" dialog`);
    return dialog;
  });
}

function valueInput(id: number): HTMLInputElement {
  return screen.getByTestId(`param-value-${id}`) as HTMLInputElement;
}

describe('the command window', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('reads nothing when no parameter row is selected', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({ '/api/jtt1078/param/qry': { code: 0, result: { params: [] } } });
    await openParams();
    fireEvent.click(screen.getByTestId('param-read'));
    // A read that went out would be recorded before the "read all" that follows it.
    fireEvent.click(screen.getByTestId('param-read-all'));
    await waitFor(() => expect(paramCalls(calls, 'qry').length).toBe(1));
    expect(paramCalls(calls, 'qry')[0]?.data).toEqual({ imei: vehicle.imei });
  });

  it('reads the companion port with the server address (selecting 19 also reads 24)', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({
      '/api/jtt1078/param/qry': {
        code: 0,
        result: {
          params: [
            { id: 19, value: '10.0.0.7' },
            { id: 24, value: 7611 },
          ],
        },
      },
    });
    await openParams();
    selectRow(19);
    fireEvent.click(screen.getByTestId('param-read'));
    await waitFor(() => expect(valueInput(24).value).toBe('7611'));
    expect(valueInput(19).value).toBe('10.0.0.7');
    expect(paramCalls(calls, 'qry').map((c) => c.data)).toEqual([{ imei: vehicle.imei, params: [19, 24] }]);
  });

  it('shows id 91 divided by 10 and writes it multiplied by 10', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({
      '/api/jtt1078/param/qry': { code: 0, result: { params: [{ id: 91, value: 50 }] } },
      '/api/jtt1078/param/set': { code: 0, result: { id: 1, state: 2 } },
    });
    await openParams();
    selectRow(91);
    fireEvent.click(screen.getByTestId('param-read'));
    await waitFor(() => expect(valueInput(91).value).toBe('5'));

    fireEvent.change(valueInput(91), { target: { value: ' 8 ' } });
    fireEvent.blur(valueInput(91));
    fireEvent.click(screen.getByTestId('param-write'));
    await screen.findByText('Parameters written');
    expect(paramCalls(calls, 'set').map((c) => c.data)).toEqual([
      { imei: vehicle.imei, params: [{ id: 91, value: 80 }] },
    ]);
    expect(valueInput(91).value).toBe('8');
  });

  it('refuses a value outside its id’s range, on blur and on write', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({ '/api/jtt1078/param/qry': { code: 0, result: { params: [{ id: 1, value: 30 }] } } });
    await openParams();
    selectRow(1);
    fireEvent.click(screen.getByTestId('param-read'));
    await waitFor(() => expect(valueInput(1).value).toBe('30'));
    fireEvent.change(valueInput(1), { target: { value: '3' } });
    fireEvent.blur(valueInput(1));
    expect(await screen.findByText(/Enter a value from 5 to 86400/)).toBeTruthy();
    expect(valueInput(1).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByTestId('param-write'));
    await screen.findByText('Correct the marked values first');
    expect(paramCalls(calls, 'set')).toEqual([]);

    fireEvent.change(valueInput(1), { target: { value: '' } });
    fireEvent.blur(valueInput(1));
    expect(await screen.findByText(/A value is required/)).toBeTruthy();
  });

  it('queues a write for an offline terminal when asked to', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({ '/api/jtt1078/param/set': { code: 0, result: { id: 3, state: 0 } } });
    await openParams();
    fireEvent.change(valueInput(1), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('param-queue'));
    fireEvent.click(screen.getByTestId('param-write'));
    await screen.findByText(/will be written when it reconnects/);
    expect(paramCalls(calls, 'set')[0]?.data).toEqual({
      imei: vehicle.imei,
      params: [{ id: 1, value: 30 }],
      queue: { expire_hours: 1 },
    });
  });

  it('shows every id a "read all" returns', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve({
      '/api/jtt1078/param/qry': {
        code: 0,
        result: {
          params: [
            { id: 0x83, value: 'NY-8201' },
            { id: 1, value: 30 },
          ],
        },
      },
    });
    await openParams();
    fireEvent.click(screen.getByTestId('param-read-all'));
    await waitFor(() => expect(screen.queryByTestId('param-row-131')).toBeTruthy());
    expect(paramCalls(calls, 'qry')[0]?.data).toEqual({ imei: vehicle.imei });
    expect(screen.queryByTestId('param-row-19')).toBeNull();
    expect(valueInput(131).value).toBe('NY-8201');
    expect(screen.getByText('Plate number')).toBeTruthy();
  });

  it('shows the "read" dialog when the terminal is not reachable (1101)', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    serve({ '/api/jtt1078/param/qry': { code: 1101, msg: 'Processing' } });
    await openParams();
    selectRow(1);
    fireEvent.click(screen.getByTestId('param-read'));
    const dialog = await findErrorDialog('Read');
    expect(within(dialog).getByText('The terminal is offline or did not answer in time.')).toBeTruthy();
    expect((screen.getByTestId('param-read') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the default text for another refusal and stays quiet on a network failure', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    let answer: Answer = { code: 1005, msg: 'Permission error' };
    serve({ '/api/jtt1078/property/dev': () => answer });
    renderInApp(<CommandWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('command-menu-attributes'));
    fireEvent.click(screen.getByTestId('attr-read'));
    const dialog = await findErrorDialog('Command failed');
    expect(within(dialog).getByText('Permission error')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(errorDialog('Command failed')).toBeUndefined());

    answer = 'network';
    fireEvent.click(screen.getByTestId('attr-read'));
    await waitFor(() => expect((screen.getByTestId('attr-read') as HTMLButtonElement).disabled).toBe(false));
    expect(errorDialog('Command failed')).toBeUndefined();
    expect(errorDialog('Read')).toBeUndefined();
  });

  it('decodes the attribute bits', async () => {
    holdScreen('MonitoringMap', PermissionBit.view);
    serve({
      '/api/jtt1078/property/dev': {
        code: 0,
        result: {
          devtype: 0b1,
          producer: 'HW',
          firmware: '1.2',
          devmodel: 'SIM-808',
          devgid: 'T0001',
          iccid: '8986',
          hardware: 'A1',
          gnss: 0b11,
          cn: 1 << 5,
        },
      },
    });
    renderInApp(<CommandWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('command-menu-attributes'));
    fireEvent.click(screen.getByTestId('attr-read'));
    const gnss = await screen.findByTestId('attr-gnss');
    expect(gnss.textContent).toBe('GPSBDS');
    expect(screen.getByTestId('attr-cn').textContent).toBe('TD-LTE');
    expect(screen.getByTestId('attr-devtype').textContent).toBe('Passenger vehicle');
    expect(screen.getByText('SIM-808')).toBeTruthy();
  });

  it('changes the route with type 128 out of service, and needs edit to do it', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const calls = serve();
    renderInApp(<CommandWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('command-menu-route'));
    const panel = screen.getByTestId('route-panel');
    await waitFor(() => expect(within(panel).getByText('S40 · St. George')).toBeTruthy());
    fireEvent.click(within(panel).getByRole('radio', { name: 'Out of service' }));
    fireEvent.change(within(panel).getByTestId('route-remark'), { target: { value: ' depot ' } });
    fireEvent.click(screen.getByTestId('change-route-submit'));
    await screen.findByText('8201 now runs St. George');
    expect(calls.find((c) => c.path === '/dispatch/api/dispatch/change-route')).toMatchObject({
      method: 'POST',
      body: { car_id: 7, route_id: 1, type: 128, route_code: 'S40', attr: 'depot' },
    });
  });

  it('keeps the reboot, log and write buttons from a user with view only', async () => {
    holdScreen('MonitoringLineMap', PermissionBit.view);
    serve();
    await openParams();
    expect(screen.queryByTestId('param-write')).toBeNull();
    expect(screen.queryByTestId('command-reboot')).toBeNull();
    expect((screen.getByTestId('change-route-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('param-value-1').tagName).toBe('SPAN');
  });
});
