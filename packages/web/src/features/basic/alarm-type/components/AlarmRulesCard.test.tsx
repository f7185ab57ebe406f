import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../../testing/render';
import type { AlarmRulesResult } from '../api';
import { AlarmRulesCard } from './AlarmRulesCard';
import { alarmRulesBody, speedLimitBody } from './alarm-rules-form';

const stored: AlarmRulesResult = {
  rules: { over_speed_kmh: 60, over_speed_seconds: 10, offline_minutes: 30, parking_minutes: 20, depot_radius_m: 300 },
  lines: [
    { route_id: 7, route_code: '7', route_name: 'Line 7', speed_limit: 40 },
    { route_id: 9, route_code: '9', route_name: 'Line 9', speed_limit: null },
  ],
  vehicles: [{ car_id: 31, car_name: 'Bus 31', lpn: 'AB-31', route_name: 'Line 7', speed_limit: 0 }],
};

describe('alarm rules form', () => {
  it('builds the rules body from the form and a limit body from an edited cell', () => {
    expect(
      alarmRulesBody({
        over_speed_kmh: 50,
        over_speed_seconds: 15.4,
        offline_minutes: 0,
        parking_minutes: 45,
        depot_radius_m: 250,
      }),
    ).toEqual({
      over_speed_kmh: 50,
      over_speed_seconds: 15,
      offline_minutes: 0,
      parking_minutes: 45,
      depot_radius_m: 250,
    });
    expect(speedLimitBody('line', 7, null)).toEqual({ kind: 'line', id: 7, speed_limit: null });
    expect(speedLimitBody('vehicle', 31, undefined)).toEqual({ kind: 'vehicle', id: 31, speed_limit: null });
    expect(speedLimitBody('vehicle', 31, 0)).toEqual({ kind: 'vehicle', id: 31, speed_limit: 0 });
  });
});

describe('alarm rules card', { timeout: 30_000 }, () => {
  componentSuite();

  function stubServer() {
    const calls: { method: string; path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const parsed = new URL(url, 'http://console');
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ method: init.method ?? 'GET', path: parsed.pathname, body });
        if (parsed.pathname === '/api/basic/alarm/rules' && init.method === 'GET') {
          return Response.json({ code: 0, msg: 'ok', result: stored });
        }
        if (parsed.pathname === '/api/basic/alarm/rules/vehicles') {
          return Response.json({ code: 0, msg: 'ok', result: stored.vehicles });
        }
        return Response.json({ code: 0, msg: 'ok', result: body });
      }),
    );
    return calls;
  }

  function renderCard(editable: boolean) {
    return renderInApp(<AlarmRulesCard editable={editable} />);
  }

  const field = (name: string) => screen.getByTestId(`alarm-rule-${name}`) as HTMLInputElement;

  it('shows the stored rules and saves the edited ones as whole numbers', async () => {
    const calls = stubServer();
    renderCard(true);
    await vi.waitFor(() => expect(field('over_speed_kmh').value).toBe('60'));
    expect(screen.getByText('Default speed limit')).toBeTruthy();
    expect(screen.getByText('Applies when neither the vehicle nor its line has a limit. 0 = no limit.')).toBeTruthy();
    fireEvent.change(field('over_speed_kmh'), { target: { value: '50' } });
    fireEvent.change(field('offline_minutes'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('alarm-rules-save'));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/basic/alarm/rules');
    expect(put?.body).toEqual({ ...stored.rules, over_speed_kmh: 50, offline_minutes: 0 });
  });

  it('refuses a cleared rule before anything is sent', async () => {
    const calls = stubServer();
    renderCard(true);
    await vi.waitFor(() => expect(field('parking_minutes').value).toBe('20'));
    fireEvent.change(field('parking_minutes'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('alarm-rules-save'));
    await screen.findByText('Long parking after cannot be empty');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves a line’s limit, an emptied one as null (the company default)', async () => {
    const calls = stubServer();
    renderCard(true);
    fireEvent.click(await screen.findByText('Line speed limits (2)'));
    const line7 = (await screen.findByTestId('speed-limit-line-7')) as HTMLInputElement;
    expect(line7.value).toBe('40');
    expect((screen.getByTestId('speed-limit-line-9') as HTMLInputElement).placeholder).toBe(
      'Company default (60 km/h)',
    );
    fireEvent.change(line7, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/basic/alarm/speed-limit')).toBe(true));
    expect(calls.find((c) => c.path === '/api/basic/alarm/speed-limit')?.body).toEqual({
      kind: 'line',
      id: 7,
      speed_limit: null,
    });
  });

  it('is read only without the edit permission', async () => {
    const calls = stubServer();
    renderCard(false);
    await vi.waitFor(() => expect(field('over_speed_kmh').value).toBe('60'));
    expect(field('over_speed_kmh').disabled).toBe(true);
    expect(screen.queryByTestId('alarm-rules-save')).toBeNull();
    expect(screen.getByText('You can view these rules but not change them.')).toBeTruthy();
    fireEvent.click(screen.getByText('Vehicle speed limits (1)'));
    await screen.findByText('Bus 31');
    expect(screen.getByText('No limit')).toBeTruthy();
    expect(screen.queryByTestId('speed-limit-vehicle-pick')).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
