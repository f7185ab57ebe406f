import type { AlarmBody, RealData, UserInfo } from '@headway/server/contract';
import { PermissionBit } from '@headway/spec';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { clearSession, writeSession } from '../../../auth/session-cookie';
import { useSession } from '../../../auth/session-store';
import { InProcessLiveWorker } from '../../../live/testing/in-process-worker';
import { MAP_SCREEN } from '../access';
import {
  appendTrace,
  startTrace,
  TRACE_MAX_POINTS,
  type TracePoint,
  useVehicleTrace,
  withFixes,
} from './vehicle-trace';

const at = (lng: number, lat: number, time: number): TracePoint => ({ lng, lat, time });
const fix = (lng: number, lat: number, et: number, imei = '860000000105'): RealData => ({
  imei,
  lng,
  lat,
  v: 30,
  a: 90,
  s: 1 << 4,
  w: 1,
  et,
  rt: et,
});

describe('SOS live trace', () => {
  it('adds each new position once, oldest first', () => {
    let trace = appendTrace([], at(-74.1, 40.6, 100));
    trace = appendTrace(trace, at(-74.11, 40.6, 105));
    expect(trace).toEqual([at(-74.1, 40.6, 100), at(-74.11, 40.6, 105)]);
  });

  it('ignores a repeated report, an older one, a standing vehicle and a report without a fix', () => {
    const trace = appendTrace([], at(-74.1, 40.6, 100));
    expect(appendTrace(trace, at(-74.1, 40.6, 100))).toBe(trace);
    expect(appendTrace(trace, at(-74.2, 40.6, 90))).toBe(trace);
    expect(appendTrace(trace, at(-74.1, 40.6, 130))).toBe(trace);
    expect(appendTrace(trace, at(0, 0, 140))).toBe(trace);
    expect(appendTrace(trace, at(Number.NaN, 40.6, 150))).toBe(trace);
  });

  it('keeps the newest points of a dialog left open for hours', () => {
    let trace: readonly TracePoint[] = [];
    for (let i = 1; i <= TRACE_MAX_POINTS + 10; i++) trace = appendTrace(trace, at(-74 - i / 1e5, 40.6, i));
    expect(trace.length).toBe(TRACE_MAX_POINTS);
    expect(trace[0]?.time).toBe(11);
    expect(trace.at(-1)?.time).toBe(TRACE_MAX_POINTS + 10);
  });

  it('starts at the alarm’s position, or empty for an alarm without one', () => {
    expect(startTrace({ lng: -74.1, lat: 40.6, event_time: 100 })).toEqual({
      trace: [at(-74.1, 40.6, 100)],
      current: null,
      updatedAt: 0,
    });
    expect(startTrace({ lng: 0, lat: 0, event_time: 100 }).trace).toEqual([]);
  });

  it('extends the trace with newer fixes and makes the newest current; older ones change nothing', () => {
    const start = startTrace({ lng: -74.1, lat: 40.6, event_time: 100 });
    const moved = withFixes(start, [fix(-74.11, 40.6, 105), fix(-74.12, 40.6, 110)], 5_000);
    expect(moved.trace).toEqual([at(-74.1, 40.6, 100), at(-74.11, 40.6, 105), at(-74.12, 40.6, 110)]);
    expect(moved.current?.et).toBe(110);
    expect(moved.updatedAt).toBe(5_000);
    // The REST answer arriving after the live channel's newer fix, and a push repeated on reconnect.
    expect(withFixes(moved, [fix(-74.11, 40.6, 105), fix(-74.12, 40.6, 110)], 6_000)).toBe(moved);
    // A standing vehicle: the fix is current (its time and speed show) but the line gains no point.
    const standing = withFixes(moved, [fix(-74.12, 40.6, 120)], 7_000);
    expect(standing.trace).toBe(moved.trace);
    expect(standing.current?.et).toBe(120);
  });
});

describe('SOS trace hook', { timeout: 30_000 }, () => {
  const alarm: Pick<AlarmBody, 'id' | 'car_id' | 'imei' | 'lng' | 'lat' | 'event_time'> = {
    id: 41,
    car_id: 5,
    imei: '860000000105',
    lng: -74.1,
    lat: 40.6,
    event_time: 100,
  };

  beforeAll(() => {
    vi.stubGlobal('Worker', InProcessLiveWorker);
  });

  afterEach(() => {
    vi.useRealTimers();
    cleanup();
    clearSession();
    useSession.setState({ user: null, views: [] });
    vi.unstubAllGlobals();
    vi.stubGlobal('Worker', InProcessLiveWorker);
  });

  function signIn(mapMask: number) {
    writeSession({ uuid: 'u-1', token: 'T' });
    const route = { name: MAP_SCREEN, permission: mapMask } as AppRoute;
    useSession.setState({ user: { company_id: 1 } as UserInfo, views: [{ route, trail: [] }] });
  }

  function stubCarsReal(rows: unknown[]) {
    const paths: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://console').pathname;
        paths.push(path);
        if (path === '/api/basic/cars/real') return Response.json({ code: 0, msg: 'ok', result: { time: 1, rows } });
        return Response.json({ code: 1004, msg: 'unexpected', result: null });
      }),
    );
    return paths;
  }

  function mount() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return renderHook(() => useVehicleTrace(alarm), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
  }

  const worker = () => InProcessLiveWorker.current as InProcessLiveWorker;

  it('reads the map’s refresh once, then follows the vehicle on the live channel without polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(PermissionBit.view);
    const paths = stubCarsReal([
      { car_id: 5, imei: alarm.imei, terminal_phone: 't', real_data: fix(-74.11, 40.6, 105) },
    ]);
    const { result } = mount();
    expect(result.current.trace).toEqual([at(-74.1, 40.6, 100)]);
    await vi.waitFor(() => expect(result.current.trace).toHaveLength(2));
    expect(result.current.status).toBe('live');
    expect(result.current.current?.et).toBe(105);

    expect(worker().commands).toContainEqual({ type: 'watch', imeis: [alarm.imei] });
    worker().frame({ cmd: 'gps', data: [fix(-74.2, 40.7, 140, 'another'), fix(-74.12, 40.61, 110)] });
    await vi.waitFor(() => expect(result.current.trace).toHaveLength(3));
    expect(result.current.trace.at(-1)).toEqual(at(-74.12, 40.61, 110));
    expect(result.current.current?.v).toBe(30);
    // A minute with the dialog open: the position came once over REST, the rest over the live channel.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(paths).toEqual(['/api/basic/cars/real']);
  });

  it('starts from the alarm’s position without the map’s permission, and still follows the vehicle', async () => {
    signIn(0);
    const paths = stubCarsReal([]);
    const { result, unmount } = mount();
    expect(result.current.status).toBe('waiting');
    worker().frame({ cmd: 'gps', data: [fix(-74.13, 40.62, 120)] });
    await vi.waitFor(() => expect(result.current.trace).toHaveLength(2));
    expect(result.current.status).toBe('live');
    expect(paths).toEqual([]);
    // Closing the dialog ends the watch: gps frames are dropped unparsed again on a screen without the map.
    unmount();
    expect(worker().commands.at(-1)).toMatchObject({ type: 'watch', imeis: [] });
  });

  it('says the live position is unavailable while the channel is down', async () => {
    signIn(0);
    stubCarsReal([]);
    const { result } = mount();
    expect(result.current.status).toBe('waiting');
    worker().postMessage({ type: 'close' });
    await vi.waitFor(() => expect(result.current.status).toBe('unavailable'));
  });
});
