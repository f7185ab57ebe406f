import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../../i18n';
import type { ConsoleRouteChoice, ConsoleRow, ConsoleUserChoice } from '../api';
import { ConsoleDialog } from './ConsoleDialog';
import { consoleBody, formValuesOf, lineOptions, userOptions } from './console-form';
import '../../../../testing/jsdom-stand-ins';

const lines: ConsoleRouteChoice[] = [
  { route_id: 1, route_code: '10', route_name: 'Line 10', is_checked: 0 },
  { route_id: 2, route_code: 'S40', route_name: 'S40', is_checked: 0 },
];
const users: ConsoleUserChoice[] = [
  { user_id: 7, account: 'dispatcher', user_name: 'Dispatcher', is_checked: 0 },
  { user_id: 8, account: 'night', user_name: '', is_checked: 0 },
];
const row: ConsoleRow = {
  console_id: 3,
  console_name: 'North desk',
  remark: '',
  create_time: 1_763_780_000,
  routes: [{ route_id: 1, route_code: '10', route_name: 'Line 10' }],
  users: [{ user_id: 7, account: 'dispatcher', user_name: 'Dispatcher' }],
};

describe('console form', () => {
  it('builds the create and update bodies with whole sets of lines and users', () => {
    expect(consoleBody({ console_name: '  East  ', remark: ' r ' }, null)).toEqual({
      console_name: 'East',
      remark: 'r',
      route_ids: [],
      user_ids: [],
    });
    expect(consoleBody({ ...formValuesOf(row), route_ids: [1, 2] }, row)).toEqual({
      console_id: 3,
      console_name: 'North desk',
      remark: '',
      route_ids: [1, 2],
      user_ids: [7],
    });
  });

  it('labels lines by code and name, users by name and account', () => {
    expect(lineOptions(lines).map((o) => o.label)).toEqual(['10 · Line 10', 'S40']);
    expect(userOptions(users).map((o) => o.label)).toEqual(['Dispatcher (dispatcher)', 'night']);
  });
});

// The first antd render in a jsdom file takes seconds on a loaded 2-core machine (style and module warm-up).
describe('console dialog', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  function renderDialog(editing: ConsoleRow | null) {
    // The choices are already cached, as after a first opening: nothing goes to the network.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    client.setQueryData(['console-lines'], lines);
    client.setQueryData(['console-users'], users);
    return render(
      <QueryClientProvider client={client}>
        <ConsoleDialog open editing={editing} onClose={() => {}} onSaved={() => {}} />
      </QueryClientProvider>,
    );
  }

  it("shows the console's lines and users as chosen", async () => {
    renderDialog(row);
    await screen.findByText('Edit console');
    const form = screen.getByTestId('console-form');
    expect((form.querySelector('#console_name') as HTMLInputElement).value).toBe('North desk');
    expect(form.textContent).toContain('10 · Line 10');
    expect(form.textContent).toContain('Dispatcher (dispatcher)');
    expect(form.textContent).not.toContain('S40');
  });

  it('requires a name and keeps it within 64 characters before anything is sent', async () => {
    // Every call of the console goes through fetch: a save or a name check would show here.
    const sent = vi.fn(async () => Response.json({ code: 0, msg: 'ok', result: true }));
    vi.stubGlobal('fetch', sent);
    try {
      renderDialog(null);
      await screen.findByText('New console');
      const save = screen.getByRole('button', { name: 'Save' });
      fireEvent.click(save);
      await screen.findByText('Console name cannot be empty');
      const input = screen.getByTestId('console-form').querySelector('#console_name') as HTMLInputElement;
      fireEvent.change(input, { target: { value: 'x'.repeat(65) } });
      await screen.findByText('At most 64 characters', {}, { timeout: 2000 });
      fireEvent.click(save);
      await screen.findByText('At most 64 characters');
      expect(sent).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
