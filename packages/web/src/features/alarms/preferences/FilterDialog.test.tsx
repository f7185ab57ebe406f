import type { AlarmPreference } from '@headway/server/contract';
import { ALARM_GROUPS, defaultAlarmNotice, PLATFORM_ALARMS } from '@headway/spec';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { clientWithOwnTypes } from '../centre/test-alarms';
import { PreferencesEditor } from './FilterDialog';
import {
  groupState,
  isOn,
  preferencesByCode,
  preferenceTree,
  savePayload,
  withDuration,
  withFlag,
} from './preference-tree';

const SPEEDING = 1001;
const CUSTOM = 100_001;

const saved: AlarmPreference[] = [
  { platform_alarm_id: SPEEDING, web_notice: 0, app_notice: 1, mail_notice: 1, is_show: 1, duration: 30 },
  { platform_alarm_id: CUSTOM, web_notice: 0, app_notice: 0, mail_notice: 1, is_show: 0, duration: 30 },
];

describe('the preference model', () => {
  it('shows 0-on notices and the 1-on popup flag alike as switches', () => {
    const p = saved[0]!;
    expect(isOn(p, 'web_notice')).toBe(true);
    expect(isOn(p, 'app_notice')).toBe(false);
    expect(isOn(p, 'is_show')).toBe(true);
    expect(withFlag(p, 'web_notice', false).web_notice).toBe(1);
    expect(withFlag(p, 'is_show', false).is_show).toBe(0);
    expect(withDuration(p, -3).duration).toBe(0);
    expect(withDuration(p, 4.6).duration).toBe(5);
    expect(withDuration(p, null).duration).toBe(0);
  });

  it('holds every type: saved ones as saved, the others at their default', () => {
    const all = preferencesByCode(saved, [CUSTOM]);
    expect(all.size).toBe(PLATFORM_ALARMS.length + 1);
    expect(all.get(SPEEDING)).toEqual(saved[0]);
    expect(all.get(1)).toEqual({ platform_alarm_id: 1, ...defaultAlarmNotice(1) });
    const tree = preferenceTree(all.keys(), 'en', (c) => (c === CUSTOM ? 'Door forced' : undefined));
    expect(tree.map((g) => g.name)).toContain(ALARM_GROUPS[200].en);
    expect(tree.at(-1)?.children?.map((c) => c.name)).toEqual(['Door forced']);
    expect(groupState(all, [SPEEDING, 1002], 'is_show')).toBe('on');
    expect(groupState(all, [SPEEDING, 1004], 'is_show')).toBe('mixed');
  });
});

describe('the alarm filter dialog', { timeout: 30_000 }, () => {
  componentSuite();

  function renderEditor(onSaved: (list: AlarmPreference[]) => void) {
    const own = [
      {
        id: CUSTOM,
        platform_alarm_id: CUSTOM,
        group_id: 200,
        alarm_name: 'Door forced',
        alarm_level: 1,
        built_in: false,
        remark: '',
      },
    ];
    renderInApp(<PreferencesEditor saved={saved} onSaved={onSaved} onCancel={() => {}} />, clientWithOwnTypes(own));
  }

  it('saves every type with what was changed, and hands the answer on', async () => {
    const requests: { url: string; body: { alarm_list: AlarmPreference[] } }[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      requests.push({ url, body });
      return new Response(JSON.stringify({ code: 0, msg: 'ok', result: body.alarm_list }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const onSaved = vi.fn();
    renderEditor(onSaved);

    // The group switch turns mail on for every driving type at once.
    const driving = screen.getByText(ALARM_GROUPS[10].en).closest('tr') as HTMLElement;
    fireEvent.click(driving.querySelector('button[aria-label^="Mail notice"]') as HTMLElement);
    fireEvent.click(driving.querySelector('.ant-table-row-expand-icon') as HTMLElement);
    fireEvent.click(await screen.findByTestId(`pref-is_show-${SPEEDING}`));
    const field = screen.getByTestId(`pref-duration-${SPEEDING}`);
    const duration = (field.tagName === 'INPUT' ? field : field.querySelector('input')) as HTMLInputElement;
    fireEvent.change(duration, { target: { value: '12' } });
    fireEvent.blur(duration);
    await act(async () => {
      fireEvent.click(screen.getByTestId('alarm-preferences-save'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/api/owner/user/alarm');
    const list = requests[0]!.body.alarm_list;
    expect(list.map((p) => p.platform_alarm_id)).toEqual([...PLATFORM_ALARMS.map((d) => d.code), CUSTOM]);
    expect(list.find((p) => p.platform_alarm_id === SPEEDING)).toEqual({
      platform_alarm_id: SPEEDING,
      web_notice: 0,
      app_notice: 1,
      mail_notice: 0,
      is_show: 0,
      duration: 12,
    });
    const drivingCodes = PLATFORM_ALARMS.filter((d) => d.group === 10).map((d) => d.code);
    expect(list.filter((p) => drivingCodes.includes(p.platform_alarm_id)).every((p) => p.mail_notice === 0)).toBe(true);
    // Other groups keep their defaults; the company's own type keeps what was saved.
    expect(list.find((p) => p.platform_alarm_id === 1)).toEqual({ platform_alarm_id: 1, ...defaultAlarmNotice(1) });
    expect(list.find((p) => p.platform_alarm_id === CUSTOM)).toEqual(saved[1]);
    expect(onSaved).toHaveBeenCalledWith(list);
    expect(savePayload(preferencesByCode(list)).alarm_list).toEqual(list);
  });

  it('keeps the dialog when the save fails', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: 1000, msg: 'unknown error', result: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const onSaved = vi.fn();
    renderEditor(onSaved);
    await act(async () => {
      fireEvent.click(screen.getByTestId('alarm-preferences-save'));
    });
    await waitFor(() =>
      expect(screen.getByTestId('alarm-preferences-save').className).not.toContain('ant-btn-loading'),
    );
    expect(onSaved).not.toHaveBeenCalled();
  });
});
