import type { OwnLine, RealData } from '@headway/server/contract';
import { StateMask } from '@headway/spec';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { LineCard } from './LineCard';
import { LiveFixes } from './live-fixes';
import { EMPTY_ROSTER } from './roster';

function line(code: string): OwnLine {
  return {
    route_id: code.length,
    route_code: code,
    route_name: code,
    category: 0,
    directions: [1, 2].map((direction) => ({
      direction,
      origin: 'A',
      terminal: 'B',
      path: '',
      style: { strokeColor: '#f00', strokeWeight: 3, strokeOpacity: 1 },
      stations: Array.from({ length: 30 }, (_, i) => ({
        id: direction * 1000 + i + code.length * 10_000,
        serial: i + 1,
        station_name: `${code}-${i + 1}`,
        distance: i * 400,
        lat: 0,
        lng: 0,
      })),
    })),
  };
}

function fix(imei: string, code: string, sn: number): RealData {
  const now = Math.floor(Date.now() / 1000);
  return {
    imei,
    lat: 0,
    lng: 0,
    v: 20,
    a: 0,
    s: StateMask.online | StateMask.accOn,
    w: 0,
    et: now,
    rt: now,
    route: { code, dir: 1, sn, dt: now - 10, dist: 100 },
  };
}

/** No traffic states set, no timetable today. */
function serveEmpty() {
  vi.stubGlobal('fetch', async (url: string) => {
    const result = url.includes('/dispatch/timetable')
      ? { route_code: 'S40', date: '20261124', time_zone: 'UTC', directions: [] }
      : [];
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
}

describe('a line card', { timeout: 30_000 }, () => {
  componentSuite();

  it('re-renders for its own line’s live reports only, with 25 buses on each line', async () => {
    serveEmpty();
    const fixes = new LiveFixes();
    const renders = { S40: 0, S42: 0 };
    const lines = [line('S40'), line('S42')];
    renderInApp(
      <div>
        {lines.map((l) => (
          <Profiler
            key={l.route_code}
            id={l.route_code}
            onRender={(id) => {
              renders[id as 'S40' | 'S42']++;
            }}
          >
            <LineCard
              line={l}
              layout="compact"
              timetableView="card"
              fixes={fixes}
              roster={EMPTY_ROSTER}
              headways={undefined}
              headwaysFailed={false}
              onRetryHeadways={() => {}}
            />
          </Profiler>
        ))}
      </div>,
    );
    const home = () => undefined;
    act(() => {
      fixes.apply(
        lines.flatMap((l) => Array.from({ length: 25 }, (_, i) => fix(`${l.route_code}-${i}`, l.route_code, i + 2))),
        home,
      );
    });
    const [s40, s42] = screen.getAllByTestId('line-card');
    if (!s40 || !s42) throw new Error('two cards expected');
    await waitFor(() => expect(within(s40).getAllByTestId('line-vehicle')).toHaveLength(25));
    expect(within(s42).getAllByTestId('line-vehicle')).toHaveLength(25);
    // Let the traffic and timetable queries settle, then count from here.
    await waitFor(() => expect(within(s40).getByTestId('line-timetable').textContent).toBe('No timetable today'));
    await waitFor(() => expect(within(s42).getByTestId('line-timetable').textContent).toBe('No timetable today'));
    renders.S40 = 0;
    renders.S42 = 0;

    // One bus of S40 reports: S40's card renders, S42's does not.
    act(() => fixes.apply([fix('S40-3', 'S40', 20)], home));
    expect(renders.S40).toBeGreaterThan(0);
    expect(renders.S42).toBe(0);
    const moved = within(s40)
      .getAllByTestId('line-vehicle')
      .find((v) => v.getAttribute('data-vehicle') === 'S40-3');
    expect(Number(moved?.getAttribute('data-pos'))).toBeCloseTo(19.75);
  });
});
