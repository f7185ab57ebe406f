import type { AlarmBody, PlatformAlarmType } from '@headway/server/contract';
import { PermissionBit } from '@headway/spec';
import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import { ALARM_SCREEN } from '../access';
import { clientWithOwnTypes } from '../centre/test-alarms';
import { AlarmHeader } from './AlarmHeader';
import AlarmModal from './AlarmModal';

const base: AlarmBody = {
  id: 41,
  alarm_key: 'T1-260314153000-7',
  car_id: 5,
  car_name: 'Bus 105',
  route_id: 2,
  route_name: 'Line 10',
  lpn: 'NY-105',
  imei: '860000000105',
  alarm_type: 2,
  alarm_level: 2,
  platform_alarm_id: 0x6502,
  device_type: 'DSM',
  event_time: 1_773_502_200,
  end_time: null,
  speed: 42.5,
  lat: 0,
  lng: 0,
  attached_count: 0,
};

const custom: PlatformAlarmType = {
  id: 1,
  platform_alarm_id: 100_001,
  group_id: 200,
  alarm_name: 'Door left open at depot',
  alarm_level: 1,
  built_in: false,
  remark: '',
};

const wrap = (ui: ReactElement) => renderInApp(ui, clientWithOwnTypes([custom]));

describe('alarm header', { timeout: 30_000 }, () => {
  componentSuite();

  it('names an ADAS, DSM or FM alarm by its alarm type', () => {
    // platform_alarm_id says DSM smoking (0x6503), the item's type says phone call (2): the type wins.
    wrap(<AlarmHeader alarm={{ ...base, platform_alarm_id: 0x6503, alarm_type: 2 }} />);
    expect(screen.getByTestId('alarm-type').textContent).toBe('Phone call while driving');
    expect(screen.getByTestId('alarm-level').textContent).toBe('Level 2');
    expect(screen.getByTestId('alarm-header').textContent).toContain('42.5 km/h');
    expect(screen.getByTestId('alarm-vehicle').textContent).toBe('Bus 105 (NY-105)');
  });

  it('names an ADAS alarm from the forward camera’s table', () => {
    wrap(<AlarmHeader alarm={{ ...base, device_type: 'ADAS', alarm_type: 2, platform_alarm_id: 0x6402 }} />);
    expect(screen.getByTestId('alarm-type').textContent).toBe('Lane departure');
  });

  it('names any other device’s alarm by its platform_alarm_id, a company’s own type by its name', () => {
    wrap(<AlarmHeader alarm={{ ...base, device_type: 'GPS', alarm_type: 0, platform_alarm_id: 1, alarm_level: 3 }} />);
    expect(screen.getByTestId('alarm-type').textContent).toBe('SOS');
    cleanup();
    wrap(<AlarmHeader alarm={{ ...base, device_type: 'PLATFORM', alarm_type: 0, platform_alarm_id: 100_001 }} />);
    expect(screen.getByTestId('alarm-type').textContent).toBe('Door left open at depot');
  });
});

describe('alarm modal', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  function stubServer(files: unknown[]) {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const path = new URL(url, 'http://console').pathname;
        calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : null });
        if (path === '/api/device/alarm/file/list') return Response.json({ code: 0, msg: 'ok', result: files });
        if (path === '/api/device/alarm/file/upload') {
          return Response.json({ code: 0, msg: 'ok', result: { state: 'requested', missing: 2 } });
        }
        return Response.json({ code: 1004, msg: 'unexpected', result: null });
      }),
    );
    return calls;
  }

  it('shows that nothing was recorded for an alarm without attachments, and asks the vehicle for nothing', async () => {
    const calls = stubServer([]);
    wrap(<AlarmModal alarm={base} onClose={() => {}} />);
    await screen.findByText('No evidence was recorded for this alarm');
    expect(calls.map((c) => c.path)).toEqual(['/api/device/alarm/file/list']);
    expect(calls[0]?.body).toEqual({ alarm_key: base.alarm_key });
    // No export bit on the alarm screen (no session here): no zip button.
    expect(screen.queryByTestId('alarm-zip')).toBeNull();
  });

  it('asks the vehicle for missing attachments and says it is uploading them', async () => {
    holdScreen(ALARM_SCREEN, PermissionBit.view | PermissionBit.edit | PermissionBit.export);
    const calls = stubServer([]);
    wrap(<AlarmModal alarm={{ ...base, attached_count: 2 }} onClose={() => {}} />);
    await screen.findByTestId('evidence-uploading');
    expect(screen.getByTestId('evidence-uploading').textContent).toContain('0 of 2 files received');
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/device/alarm/file/upload'));
    expect(calls.find((c) => c.path === '/api/device/alarm/file/upload')?.body).toEqual({ id: base.id });
    expect(screen.getByTestId('alarm-zip')).toBeTruthy();
  });

  it('waits for the files without asking the vehicle when the user may not edit alarms', async () => {
    holdScreen(ALARM_SCREEN, PermissionBit.view);
    const calls = stubServer([]);
    wrap(<AlarmModal alarm={{ ...base, attached_count: 1 }} onClose={() => {}} />);
    await screen.findByTestId('evidence-uploading');
    // The first poll (3 s on) comes after the moment the upload would have been asked for.
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(1), { timeout: 6000 });
    expect(calls.map((c) => c.path)).toEqual(['/api/device/alarm/file/list', '/api/device/alarm/file/list']);
    expect(screen.queryByTestId('alarm-zip')).toBeNull();
  });
});
