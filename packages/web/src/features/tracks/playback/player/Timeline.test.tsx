import type { TrackPoint } from '@headway/server/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../../testing/render';
import { type PlaybackClock, PlaybackEngine } from '../engine';
import { buildTrackSet } from '../track-data';
import { PositionText, Timeline } from './Timeline';

const T = 1_763_780_000;

function rows(n: number): TrackPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    imei: '864520040000001',
    car_id: 7,
    car_name: '8207',
    route_code: 'S40',
    route_name: 'S40',
    direction: 1,
    serial: 1,
    station_name: '',
    lat: 40.6,
    lng: -74.1,
    azimuth: 0,
    speed: 20,
    mileage: null,
    state: 0,
    warning: 0,
    attached: '{}',
    event_time: T + i * 10,
    receive_time: T + i * 10,
  }));
}

/** A clock the test steps by hand. */
function manualClock() {
  let pending: (() => void) | null = null;
  const clock: PlaybackClock = {
    setTimeout: (run) => {
      pending = run;
      return 1;
    },
    clearTimeout: () => {
      pending = null;
    },
  };
  const tick = () => {
    const run = pending;
    pending = null;
    act(() => run?.());
  };
  return { clock, tick };
}

/** jsdom has no ResizeObserver (a browser API): one reporting the slider `width` px wide. */
function stubResizeObserver(width: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: (entries: { contentRect: { width: number } }[]) => void) {}
      observe() {
        this.report([{ contentRect: { width } }]);
      }
      disconnect() {}
    },
  );
}

describe('timeline', () => {
  componentSuite();
  afterEach(() => vi.unstubAllGlobals());

  it('while playing, moves the slider only when its thumb moves a pixel; exact on pause and on touch', () => {
    // 1,001 points on a 100 px slider: 10 points a pixel.
    stubResizeObserver(100);
    const set = buildTrackSet(rows(1001));
    const { clock, tick } = manualClock();
    const engine = new PlaybackEngine(clock);
    engine.load(set);
    renderInApp(
      <>
        <Timeline engine={engine} set={set} />
        <PositionText engine={engine} />
      </>,
    );
    const input = screen.getByRole('slider') as HTMLInputElement;
    expect(input.value).toBe('0');
    act(() => engine.play());
    for (let i = 0; i < 9; i++) tick();
    // The count follows every step; the slider waits for a pixel's worth.
    expect(screen.getByTestId('track-position').textContent).toBe('10 / 1001');
    expect(input.value).toBe('0');
    tick();
    expect(input.value).toBe('10');
    // Its spoken time is written with it: the time of the point it shows.
    expect(input.getAttribute('aria-valuetext')).toBe(dayjs.unix(T + 100).format('HH:mm:ss'));
    tick();
    tick();
    expect(input.value).toBe('10');
    // Touching it (a key, a pointer, focus) first puts it at the exact position, so the browser moves it from there.
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(input.value).toBe('12');
    tick();
    act(() => engine.pause());
    expect(input.value).toBe('13');
    expect(screen.getByTestId('track-position').textContent).toBe('14 / 1001');
  });

  it('without a known width, follows every step', () => {
    const set = buildTrackSet(rows(1001));
    const { clock, tick } = manualClock();
    const engine = new PlaybackEngine(clock);
    engine.load(set);
    renderInApp(<Timeline engine={engine} set={set} />);
    const input = screen.getByRole('slider') as HTMLInputElement;
    act(() => engine.play());
    tick();
    expect(input.value).toBe('1');
    act(() => engine.seek(500));
    expect(input.value).toBe('500');
  });
});
