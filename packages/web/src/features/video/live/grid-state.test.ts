import { describe, expect, it } from 'vitest';
import { parseCameras } from '../channels';
import { clearAll, closeSlot, initialGrid, openAll, openChannel, setSplit, setStream } from './grid-state';

const cameras = parseCameras('Front,Door,Saloon,Rear*,C5,C6,C7,C8,C9');
const [front, door, saloon] = cameras as [(typeof cameras)[0], (typeof cameras)[0], (typeof cameras)[0]];

describe('the video grid', () => {
  it('channel buttons fill the windows in order and a second click only selects', () => {
    let s = openChannel(initialGrid(4), front);
    s = openChannel(s, door);
    expect(s.slots.map((x) => x?.chn)).toEqual([1, 2]);
    const again = openChannel(s, front);
    expect(again.slots).toBe(s.slots);
    expect(again.selected).toBe(0);
  });

  it('a full view replaces the selected window', () => {
    let s = openChannel(initialGrid(1), front);
    s = openChannel(s, door);
    expect(s.slots.map((x) => x?.chn)).toEqual([2]);
  });

  it('a closed window is the next to fill', () => {
    let s = openAll(initialGrid(4), cameras.slice(0, 4));
    s = closeSlot(s, 1);
    s = openChannel(s, cameras[5] ?? front);
    expect(s.slots.map((x) => x?.chn)).toEqual([1, 6, 3, 4]);
  });

  it('open all grows the view to fit and keeps the audio flags', () => {
    const s = openAll(initialGrid(4), cameras);
    expect(s.split).toBe(9);
    expect(s.slots).toHaveLength(9);
    expect(s.slots[3]).toMatchObject({ chn: 4, name: 'Rear', audio: false, stream: 0 });
    expect(new Set(s.slots.map((x) => x?.key)).size).toBe(9);
  });

  it('a smaller view closes the windows beyond it; clear all empties the grid', () => {
    const s = setSplit(openAll(initialGrid(9), cameras), 4);
    expect(s.slots.map((x) => x?.chn)).toEqual([1, 2, 3, 4]);
    expect(clearAll(s).slots).toEqual([]);
  });

  it('a stream switch re-requests that window only', () => {
    const s = openAll(initialGrid(4), [front, door, saloon]);
    const switched = setStream(s, 1, 1);
    expect(switched.slots[1]).toMatchObject({ chn: 2, stream: 1 });
    expect(switched.slots[1]?.key).not.toBe(s.slots[1]?.key);
    expect(switched.slots[0]).toBe(s.slots[0]);
  });
});
