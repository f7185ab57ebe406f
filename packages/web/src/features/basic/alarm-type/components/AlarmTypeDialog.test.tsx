import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../../testing/render';
import type { PlatformAlarmType } from '../api';
import { AlarmTypeDialog } from './AlarmTypeDialog';
import { alarmTypeBody, formValuesOf } from './alarm-type-form';

const own: PlatformAlarmType = {
  id: 4,
  platform_alarm_id: 100_004,
  group_id: 200,
  alarm_name: 'Door open at depot',
  alarm_level: 2,
  built_in: false,
  remark: 'night shift',
};

describe('alarm type form', () => {
  it('builds the create and update bodies, trimmed', () => {
    expect(alarmTypeBody({ alarm_name: '  Mirror folded ', alarm_level: 1, remark: ' ' }, null)).toEqual({
      alarm_name: 'Mirror folded',
      alarm_level: 1,
      remark: '',
    });
    expect(alarmTypeBody({ ...formValuesOf(own), alarm_level: 3 }, own)).toEqual({
      id: 4,
      alarm_name: 'Door open at depot',
      alarm_level: 3,
      remark: 'night shift',
    });
    expect(formValuesOf(null)).toEqual({ alarm_name: '', alarm_level: 1, remark: '' });
  });
});

describe('alarm type dialog', { timeout: 30_000 }, () => {
  componentSuite();

  /** The server: `taken` names answer the validator with 1004 on alarm_name; saves answer the saved row. */
  function stubServer(taken: string[]) {
    const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const parsed = new URL(url, 'http://console');
        const body = init.body ? JSON.parse(String(init.body)) : null;
        calls.push({ method: init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body });
        if (parsed.pathname === '/api/basic/alarm/platform/validator') {
          const name = parsed.searchParams.get('alarm_name') ?? '';
          return taken.includes(name)
            ? Response.json({ code: 1004, msg: 'Parameter error', result: { field: 'alarm_name' } })
            : Response.json({ code: 0, msg: 'ok', result: true });
        }
        return Response.json({ code: 0, msg: 'ok', result: { ...own, ...body } });
      }),
    );
    return calls;
  }

  function renderDialog(editing: PlatformAlarmType | null, onSaved = () => {}) {
    return renderInApp(<AlarmTypeDialog open editing={editing} onClose={() => {}} onSaved={onSaved} />);
  }

  const nameInput = () => screen.getByTestId('alarm-type-name') as HTMLInputElement;

  it('requires a name within 64 characters before anything is sent', async () => {
    const calls = stubServer([]);
    renderDialog(null);
    await screen.findByText('New alarm type');
    const save = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await screen.findByText('Alarm name cannot be empty');
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.click(save);
    await screen.findByText('Alarm name cannot be empty');
    fireEvent.change(nameInput(), { target: { value: 'x'.repeat(65) } });
    await screen.findByText('At most 64 characters', {}, { timeout: 2000 });
    expect(calls).toEqual([]);
  });

  it('refuses a name the company already uses, as the validator says', async () => {
    const calls = stubServer(['Door open at depot']);
    renderDialog(null);
    await screen.findByText('New alarm type');
    fireEvent.change(nameInput(), { target: { value: 'Door open at depot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('An alarm type named [Door open at depot] already exists', {}, { timeout: 3000 });
    expect(calls.every((c) => c.path === '/api/basic/alarm/platform/validator')).toBe(true);
    expect(calls.at(-1)?.query.get('alarm_name')).toBe('Door open at depot');
  });

  it('saves a free name with its level, and checks an edited name against the others only', async () => {
    const calls = stubServer([]);
    const saved = vi.fn();
    renderDialog(own, saved);
    await screen.findByText('Edit alarm type');
    expect(nameInput().value).toBe('Door open at depot');
    fireEvent.change(nameInput(), { target: { value: ' Door open at night ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled(), { timeout: 3000 });
    const check = calls.find((c) => c.path === '/api/basic/alarm/platform/validator');
    expect(check?.query.get('alarm_name')).toBe('Door open at night');
    expect(check?.query.get('id')).toBe('4');
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/basic/alarm/platform');
    expect(put?.body).toEqual({ id: 4, alarm_name: 'Door open at night', alarm_level: 2, remark: 'night shift' });
  });
});
