import type { RealData } from '@headway/server/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveWorkerCore, POST_INTERVAL_MS, WATCH_INTERVAL_MS } from './live-worker-core';
import type { FleetChanges, FromWorker, WatchedFixes } from './worker-protocol';

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

function setup(clock?: () => number) {
  const posts: { message: FromWorker; transfer?: Transferable[] }[] = [];
  const core = createLiveWorkerCore((message, transfer) => posts.push({ message, transfer }), undefined, clock);
  const fleet = () => posts.filter((p) => p.message.type === 'fleet').map((p) => p.message as FleetChanges);
  const watched = () => posts.filter((p) => p.message.type === 'watch').map((p) => (p.message as WatchedFixes).fixes);
  return { core, posts, fleet, watched };
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

  it('without a fleet, drops gps frames unparsed and still passes alarms on (the alarm centre listens everywhere)', () => {
    let clockReads = 0;
    const { core, posts } = setup(() => {
      clockReads++;
      return 0;
    });
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 1)] }));
    expect(clockReads).toBe(0);
    core.onBody('{"cmd":"alarm","data":[{"id":1}]}');
    expect(posts).toEqual([{ message: { type: 'message', message: { cmd: 'alarm', data: [{ id: 1 }] } } }]);
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
    vi.advanceTimersByTime(POST_INTERVAL_MS * 4);
    expect(fleet()).toHaveLength(2);
  });

  it("reports the worker's time on an interval's gps frames with its post, then counts afresh", () => {
    vi.useFakeTimers();
    // Every reading of the work clock is 3 ms after the previous one: each timed step (a gps frame, taking the
    // changes for a post) costs 3 ms.
    let ms = 0;
    const { core, fleet } = setup(() => (ms += 3));
    core.onCommand({ type: 'fleet-load', roster: 1, rows: [{ imei: 'a', terminal_phone: 't', real_data: null }] });
    expect(fleet()[0]?.workMs).toBe(3);
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 1)] }));
    core.onBody(JSON.stringify({ cmd: 'plan', data: {} }));
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 2)] }));
    vi.advanceTimersByTime(POST_INTERVAL_MS);
    // Two gps frames and the take; the plan frame is not fleet work.
    expect(fleet()[1]?.workMs).toBe(9);
    core.onBody(JSON.stringify({ cmd: 'gps', data: [item('a', 3)] }));
    vi.advanceTimersByTime(POST_INTERVAL_MS);
    expect(fleet()[2]?.workMs).toBe(6);
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

describe('watched vehicles', () => {
  const gps = (...items: RealData[]) => JSON.stringify({ cmd: 'gps', data: items });

  it('parses gps frames while a vehicle is watched, without a map, and posts only the watched ones', () => {
    vi.useFakeTimers();
    let clockReads = 0;
    const { core, watched, fleet } = setup(() => {
      clockReads++;
      return 0;
    });
    core.onCommand({ type: 'watch', imeis: ['a'] });
    core.onBody(gps(item('a', 1, 40.1), item('b', 1, 40.9)));
    expect(clockReads).toBeGreaterThan(0);
    vi.advanceTimersByTime(0);
    expect(watched()).toEqual([[item('a', 1, 40.1)]]);
    // No fleet is built for it: the map's columns stay off.
    expect(fleet()).toEqual([]);
  });

  it('coalesces an interval’s frames into the newest fix per vehicle, at most one post per interval', () => {
    vi.useFakeTimers();
    const { core, watched } = setup();
    core.onCommand({ type: 'watch', imeis: ['a', 'b'] });
    core.onBody(gps(item('a', 1, 40.1)));
    vi.advanceTimersByTime(0);
    expect(watched()).toHaveLength(1);
    core.onBody(gps(item('a', 2, 40.2), item('b', 2, 40.5)));
    core.onBody(gps(item('a', 3, 40.3)));
    // An older report resent after a reconnect never moves the vehicle back.
    core.onBody(gps(item('b', 1, 40.4)));
    vi.advanceTimersByTime(WATCH_INTERVAL_MS - 1);
    expect(watched()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(watched()[1]).toEqual([item('a', 3, 40.3), item('b', 2, 40.5)]);
    core.onBody(gps(item('a', 3, 40.3)));
    vi.advanceTimersByTime(WATCH_INTERVAL_MS * 4);
    expect(watched()).toHaveLength(2);
  });

  it('drops gps frames unparsed again once the last watch ends, and forgets what was waiting', () => {
    vi.useFakeTimers();
    let clockReads = 0;
    const { core, posts } = setup(() => {
      clockReads++;
      return 0;
    });
    core.onCommand({ type: 'watch', imeis: ['a'] });
    core.onBody(gps(item('a', 1)));
    core.onCommand({ type: 'watch', imeis: [] });
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
    expect(posts).toEqual([]);
    clockReads = 0;
    core.onBody(gps(item('a', 2)));
    expect(clockReads).toBe(0);
    core.flush();
    expect(posts).toEqual([]);
  });

  it('starts from the map’s fleet when it holds the vehicle, and feeds the map and the watch from one frame', () => {
    vi.useFakeTimers();
    const { core, watched, fleet } = setup();
    core.onCommand({
      type: 'fleet-load',
      roster: 1,
      rows: [{ imei: 'a', terminal_phone: 't', real_data: item('a', 5, 40.5) }],
    });
    core.onCommand({ type: 'watch', imeis: ['a'] });
    vi.advanceTimersByTime(0);
    expect(watched()).toEqual([[item('a', 5, 40.5)]]);
    core.onBody(gps(item('a', 6, 40.6)));
    vi.advanceTimersByTime(WATCH_INTERVAL_MS);
    expect(watched()[1]).toEqual([item('a', 6, 40.6)]);
    expect(fleet().at(-1)?.lat[0]).toBe(40.6);
  });

  it('answers under the key the vehicle was watched by, though the map’s roster knows it by another', () => {
    vi.useFakeTimers();
    const { core, watched } = setup();
    // A device without an IMEI reports under its terminal phone, which the fleet maps to its row.
    core.onCommand({ type: 'fleet-load', roster: 1, rows: [{ imei: 'a', terminal_phone: 't', real_data: null }] });
    core.onCommand({ type: 'watch', imeis: ['t'] });
    core.onBody(gps(item('t', 7)));
    core.flush();
    expect(watched()).toEqual([[item('t', 7)]]);
  });

  it('keeps following a watched vehicle after the map leaves', () => {
    vi.useFakeTimers();
    const { core, watched } = setup();
    core.onCommand({ type: 'fleet-load', roster: 1, rows: [{ imei: 'a', terminal_phone: 't', real_data: null }] });
    core.onCommand({ type: 'watch', imeis: ['b'] });
    core.onCommand({ type: 'fleet-drop' });
    core.onBody(gps(item('a', 1), item('b', 1)));
    core.flush();
    expect(watched()).toEqual([[item('b', 1)]]);
  });
});

describe('full refresh in the worker', () => {
  // A real HTTP server standing in for GET /api/basic/cars/real (the envelope of docs/api.md).
  async function serve(answer: (headers: Record<string, unknown>) => unknown) {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(req.headers)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}/api/basic/cars/real`, close: () => server.close() };
  }
  const row = (imei: string, et: number) => ({
    imei,
    terminal_phone: `t${imei}`,
    car_id: 7,
    car_name: `Bus ${imei}`,
    lpn: 'NY-7',
    route_id: 1,
    route_code: 'S40',
    route_name: 'S40',
    fleet_id: 1,
    online: 1,
    capabilities: 1056,
    real_data: item(imei, et),
  });
  const settle = () => new Promise((r) => setTimeout(r, 50));
  async function until(check: () => boolean) {
    for (let i = 0; i < 100 && !check(); i++) await settle();
  }

  it('fetches with the main thread’s signed headers, posts the identities first, then every vehicle', async () => {
    let seen: Record<string, unknown> = {};
    const api = await serve((headers) => {
      seen = headers;
      return { code: 0, msg: 'ok', result: { time: 1, rows: [row('a', 5), row('b', 6)] } };
    });
    const { core, posts } = setup();
    core.onCommand({ type: 'fleet-refresh', roster: 3, url: api.url, headers: { token: 'T', signature: 'S' } });
    await until(() => posts.length >= 2);
    api.close();
    expect(seen).toMatchObject({ token: 'T', signature: 'S' });
    expect(posts[0]?.message).toEqual({
      type: 'fleet-roster',
      roster: 3,
      imei: ['a', 'b'],
      car_id: [7, 7],
      car_name: ['Bus a', 'Bus b'],
      lpn: ['NY-7', 'NY-7'],
      route_code: ['S40', 'S40'],
      route_name: ['S40', 'S40'],
      capabilities: [1056, 1056],
    });
    expect(posts[1]?.message).toMatchObject({ type: 'fleet', roster: 3, count: 2 });
  });

  it('passes the envelope’s error code on, and answers a superseded refresh without loading it', async () => {
    let calls = 0;
    const api = await serve(() => {
      calls++;
      return calls === 1
        ? { code: 1001, msg: 'login expired', result: null }
        : { code: 0, msg: '', result: { rows: [] } };
    });
    const { core, posts } = setup();
    core.onCommand({ type: 'fleet-refresh', roster: 1, url: api.url, headers: {} });
    await until(() => posts.length >= 1);
    expect(posts[0]?.message).toEqual({ type: 'fleet-failed', roster: 1, code: 1001, msg: 'login expired' });
    core.onCommand({ type: 'fleet-refresh', roster: 2, url: api.url, headers: {} });
    core.onCommand({ type: 'fleet-drop' });
    await until(() => posts.length >= 2);
    api.close();
    expect(posts[1]?.message).toMatchObject({ type: 'fleet-failed', roster: 2, superseded: true });
    expect(posts).toHaveLength(2);
  });

  it('reports a server that cannot be reached as a network failure', async () => {
    const { core, posts } = setup();
    core.onCommand({ type: 'fleet-refresh', roster: 1, url: 'http://127.0.0.1:9/none', headers: {} });
    await until(() => posts.length >= 1);
    expect(posts[0]?.message).toMatchObject({ type: 'fleet-failed', roster: 1, code: -1 });
  });
});
