import type { RealData } from '@headway/server/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveWorkerCore, POST_INTERVAL_MS } from './live-worker-core';
import type { FleetChanges, FromWorker } from './worker-protocol';

const ONLINE = 1 << 4;
const item = (imei: string, et: number, lat = 40.6): RealData => ({
  imei,
  lat,
  lng: -74.1,
  v: 20,
  a: 0,
  s: ONLINE,
  w: 0,
  et,
  rt: et,
});

function setup() {
  const posts: { message: FromWorker; transfer?: Transferable[] }[] = [];
  const core = createLiveWorkerCore((message, transfer) => posts.push({ message, transfer }));
  const fleet = () => posts.filter((p) => p.message.type === 'fleet').map((p) => p.message as FleetChanges);
  return { core, posts, fleet };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live worker core', () => {
  it('forwards other commands as they are and ignores frames that are not JSON', () => {
    const { core, posts } = setup();
    core.onBody('{"cmd":"plan","data":{"id":7}}');
    core.onBody('not json');
    expect(posts).toEqual([{ message: { type: 'message', message: { cmd: 'plan', data: { id: 7 } } } }]);
  });

  it('drops gps frames until a fleet is loaded, then posts the load at once with its buffers transferred', () => {
    const { core, fleet, posts } = setup();
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 1)] }));
    expect(posts).toEqual([]);
    core.onCommand({ type: 'fleet-load', roster: 1, rows: [{ imei: 'a', terminal_phone: 't', real_data: null }] });
    expect(fleet()).toHaveLength(1);
    expect(fleet()[0]?.count).toBe(1);
    expect(posts[0]?.transfer).toHaveLength(9);
  });

  it('merges every frame of an interval into one post, at most one per interval', () => {
    vi.useFakeTimers();
    const { core, fleet } = setup();
    core.onCommand({ type: 'fleet-load', roster: 1, rows: [{ imei: 'a', terminal_phone: 't', real_data: null }] });
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('t', 1, 40.1)] }));
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 2, 40.2)] }));
    expect(fleet()).toHaveLength(1);
    vi.advanceTimersByTime(POST_INTERVAL_MS);
    expect(fleet()).toHaveLength(2);
    expect(fleet()[1]).toMatchObject({ count: 1 });
    expect(fleet()[1]?.lat[0]).toBe(40.2);
    expect(fleet()[1]?.workMs).toBeGreaterThanOrEqual(0);
    vi.advanceTimersByTime(POST_INTERVAL_MS * 4);
    expect(fleet()).toHaveLength(2);
  });

  it('answers a selection at once with the vehicle’s full data, and forgets the fleet when the screen leaves', () => {
    const { core, fleet, posts } = setup();
    core.onCommand({
      type: 'fleet-load',
      roster: 1,
      rows: [{ imei: 'a', terminal_phone: 't', real_data: item('a', 5) }],
    });
    core.onCommand({ type: 'fleet-select', imei: 'a' });
    expect(fleet()[1]).toMatchObject({ count: 0, selected: { imei: 'a', data: { et: 5 } } });
    core.onCommand({ type: 'fleet-drop' });
    const before = posts.length;
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 9)] }));
    core.flush();
    expect(posts).toHaveLength(before);
  });
});
