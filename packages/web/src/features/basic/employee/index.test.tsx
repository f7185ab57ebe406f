import { FULL_MASK } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { useSession } from '../../../auth/session-store';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import type { EmployeeRow } from '../../organisation/api';
import FleetPage from '../fleet/index';
import EmployeePage from './index';

// Basic → Staff and Fleets with the real request client, query cache and forms; the server is stood in for at
// fetch. The forms' rules are @headway/spec's (the server's): checked here before anything is sent.

function employee(id: number, change: Partial<EmployeeRow>): EmployeeRow {
  return {
    id,
    emp_id: `D000${id}`,
    emp_name: `Driver ${id}`,
    nick_name: '',
    emp_type: 1,
    phone: '',
    organ_id: null,
    organ_name: '',
    fleet_id: 3,
    fleet_name: 'North Depot',
    route_id: null,
    route_name: '',
    birthday: '',
    sex: 0,
    id_number: '',
    licence_no: 'NY12****5678',
    licence_class: 'B1',
    licence_expiry: '2030-01-01',
    certificate_no: '',
    ic_card: '',
    state: 0,
    entry_time: 1_700_000_000,
    quit_time: null,
    remark: '',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_000,
    ...change,
  };
}

const STAFF = [employee(1, {}), employee(2, { state: 100, emp_name: 'Gone Driver', quit_time: 1_750_000_000 })];

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
}

type Answer = { code: number; result: unknown };

function serve(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const parsed = new URL(url, 'http://console.test');
    const call: Call = {
      method: init?.method ?? 'GET',
      path: parsed.pathname.replace(/^\/api/, ''),
      query: parsed.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    };
    calls.push(call);
    const json = ({ code, result }: Answer) =>
      new Response(JSON.stringify({ code, msg: code ? 'Parameter error' : '', result }), {
        headers: { 'content-type': 'application/json' },
      });
    const answer = answers[`${call.method} ${call.path}`];
    if (answer) return json(answer);
    if (call.path === '/basic/employees') return json({ code: 0, result: { total: STAFF.length, rows: STAFF } });
    if (call.path === '/basic/employees/get-max-empid') {
      return json({ code: 0, result: { max_emp_id: 'D0002', next_emp_id: 'D0003' } });
    }
    if (call.path === '/basic/fleets/options') return json({ code: 0, result: [{ id: 3, label: 'North Depot' }] });
    if (call.path === '/basic/fleets') {
      return json({
        code: 0,
        result: {
          total: 1,
          rows: [
            {
              id: 3,
              fleet_name: 'North Depot',
              category: 1,
              organ_id: null,
              organ_name: '',
              leader: '',
              phone: '',
              remark: '',
              vehicle_count: 3,
              employee_count: 2,
              created_at: 1,
              updated_at: 1,
            },
          ],
        },
      });
    }
    if (call.path.endsWith('/tree') || call.path.endsWith('/lines')) return json({ code: 0, result: [] });
    return json({ code: 0, result: true });
  });
  return calls;
}

function renderPage(page: 'staff' | 'fleet') {
  const route = { name: page === 'staff' ? 'BasicEmployee' : 'BasicFleet', permission: FULL_MASK } as AppRoute;
  return renderInApp(
    <ViewContext.Provider value={route}>{page === 'staff' ? <EmployeePage /> : <FleetPage />}</ViewContext.Provider>,
  );
}

describe('Basic → Staff and Fleets', { timeout: 90_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('lists staff with their state in its colour and the licence number masked', async () => {
    serve();
    renderPage('staff');
    const onJob = await screen.findByTestId('employee-row-1');
    expect(within(onJob).getByText('On the job')).toBeTruthy();
    expect(onJob.querySelector('[class*="green"]')).not.toBeNull();
    expect(within(onJob).getByText('NY12****5678')).toBeTruthy();
    const quit = screen.getByTestId('employee-row-2');
    expect(within(quit).getByText('Quit')).toBeTruthy();
  });

  it('proposes the next number and applies the spec rules before sending anything', async () => {
    const calls = serve({ 'GET /basic/employees/validator': { code: 1106, result: { field: 'emp_id' } } });
    renderPage('staff');
    await screen.findByTestId('employee-row-1');
    fireEvent.click(screen.getByTestId('employee-add'));
    const number = (await screen.findByTestId('employee-emp-id')) as HTMLInputElement;
    await waitFor(() => expect(number.value).toBe('D0003'));

    const form = screen.getByTestId('employee-form');
    fireEvent.change(screen.getByTestId('employee-name'), { target: { value: 'Al' } });
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Length must be between 3 and 64 characters')).toBeTruthy();
    expect(await screen.findByText(/Phone format error/)).toBeTruthy();
    // A driver carries a licence.
    expect(await screen.findByText('Licence no. cannot be empty')).toBeTruthy();
    expect(await screen.findByText('Licence class cannot be empty')).toBeTruthy();
    // The number is taken: "{0} [{1}] already exists" from the validator's 1106.
    expect(await screen.findByText('Employee no. [D0003] already exists', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says what still uses a fleet when its delete is refused', async () => {
    serve({
      'DELETE /basic/fleets/3': { code: 1004, result: { field: 'id', rule: 'bound', vehicles: 3, employees: 2 } },
    });
    renderPage('fleet');
    const row = await screen.findByTestId('fleet-row-3');
    expect(within(row).getByText('City bus')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Still in use: 3 vehicles, 2 staff. Move or remove them first.')).toBeTruthy();
  });
});
