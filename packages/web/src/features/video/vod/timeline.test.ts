import type { RecordRow } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { DAY_SECONDS, hourTicks, recordingAt, segmentsOnDay, timeAt } from './timeline';

const day = 1_800_000_000 - (1_800_000_000 % DAY_SECONDS);
const row = (from: number, to: number, chn = 1): RecordRow => ({
  chn,
  start_time: day + from,
  end_time: day + to,
  alarm: '0',
  av_type: 0,
  stream: 1,
  storage: 1,
  size: 1000,
});

describe('VOD timeline', () => {
  it('places recordings as percentages of the day, in time order', () => {
    const segments = segmentsOnDay([row(43_200, 46_800), row(0, 3_600)], day);
    expect(segments.map((s) => [s.left, Number(s.width.toFixed(4))])).toEqual([
      [0, 4.1667],
      [50, 4.1667],
    ]);
  });

  it('clips recordings crossing midnight and drops those outside the day', () => {
    const segments = segmentsOnDay([row(-600, 600), row(DAY_SECONDS - 60, DAY_SECONDS + 60), row(-900, -300)], day);
    expect(segments).toHaveLength(2);
    expect(segments[0]?.left).toBe(0);
    expect(segments[0]?.width).toBeCloseTo((600 / DAY_SECONDS) * 100, 6);
    expect((segments[1]?.left ?? 0) + (segments[1]?.width ?? 0)).toBeCloseTo(100, 6);
  });

  it('maps a click to a time and the recording under it', () => {
    expect(timeAt(0.5, day)).toBe(day + 43_200);
    expect(timeAt(-1, day)).toBe(day);
    expect(timeAt(2, day)).toBe(day + DAY_SECONDS);
    const rows = [row(100, 200, 1), row(150, 300, 2)];
    expect(recordingAt(rows, day + 160)?.chn).toBe(1);
    expect(recordingAt(rows, day + 250)?.chn).toBe(2);
    expect(recordingAt(rows, day + 300)).toBeUndefined();
  });

  it('ticks every three hours', () => {
    expect(hourTicks().map((t) => t.hour)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24]);
  });
});
