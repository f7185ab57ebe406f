import type { RealData } from '@headway/server/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InProcessLiveWorker } from './testing/in-process-worker';

const item = (imei: string, et: number): RealData => ({
  imei,
  lat: 40.6,
  lng: -74.1,
  v: 20,
  a: 0,
  s: 1 << 4,
  w: 0,
  et,
  rt: et,
});

beforeAll(() => {
  vi.stubGlobal('Worker', InProcessLiveWorker);
});

afterEach(() => {
  InProcessLiveWorker.current?.commands.splice(0);
});

describe('watching vehicles on the live channel', () => {
  it('asks the worker for the union of the watches and hands each watcher its own vehicles', async () => {
    const { watchVehicles } = await import('./client');
    const first: RealData[][] = [];
    const second: RealData[][] = [];
    const stopFirst = watchVehicles(['a', 'b'], (fixes) => first.push([...fixes]));
    const stopSecond = watchVehicles(['b', 'c'], (fixes) => second.push([...fixes]));
    const worker = InProcessLiveWorker.current as InProcessLiveWorker;
    expect(worker.commands).toEqual([
      { type: 'watch', imeis: ['a', 'b'] },
      { type: 'watch', imeis: ['a', 'b', 'c'] },
    ]);
    worker.frame({ cmd: 'gps', data: [item('a', 1), item('c', 1), item('d', 1)] });
    await vi.waitFor(() => expect(second).toHaveLength(1));
    expect(first).toEqual([[item('a', 1)]]);
    expect(second).toEqual([[item('c', 1)]]);

    stopSecond();
    expect(worker.commands.at(-1)).toEqual({ type: 'watch', imeis: ['a', 'b'] });
    stopSecond();
    expect(worker.commands).toHaveLength(3);
    stopFirst();
    expect(worker.commands.at(-1)).toEqual({ type: 'watch', imeis: [] });
  });

  it('sends nothing when a watch adds no vehicle to the union, and ignores empty keys', async () => {
    const { watchVehicles } = await import('./client');
    const stopA = watchVehicles(['a', ''], () => {});
    const stopAgain = watchVehicles(['a'], () => {});
    const worker = InProcessLiveWorker.current as InProcessLiveWorker;
    expect(worker.commands).toEqual([{ type: 'watch', imeis: ['a'] }]);
    stopAgain();
    expect(worker.commands).toHaveLength(1);
    stopA();
    expect(worker.commands).toEqual([
      { type: 'watch', imeis: ['a'] },
      { type: 'watch', imeis: [] },
    ]);
  });
});
