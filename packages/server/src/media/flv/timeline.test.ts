import { describe, expect, it } from 'vitest';
import { Timeline } from './timeline.ts';

describe('Timeline', () => {
  it('is relative to the first frame of either track, shared by both', () => {
    const t = new Timeline();
    expect(t.map(5000, 'video')).toBe(0);
    expect(t.map(5020, 'audio')).toBe(20);
    expect(t.map(5041, 'video')).toBe(41);
  });

  it('clamps small backward steps per track, so interleaved audio ahead of video does not hold video back', () => {
    const t = new Timeline();
    t.map(0, 'video');
    expect(t.map(100, 'audio')).toBe(100);
    expect(t.map(41, 'video')).toBe(41);
    expect(t.map(30, 'video')).toBe(41);
    expect(t.map(83, 'video')).toBe(83);
  });

  it('rebases on a clock reset and keeps going forward', () => {
    const t = new Timeline({ defaultStepMs: 40 });
    t.map(90_000, 'video');
    expect(t.map(90_400, 'video')).toBe(400);
    expect(t.map(10, 'video')).toBe(440); // terminal restarted its clock
    expect(t.map(50, 'video')).toBe(480);
    expect(t.map(10_000_000, 'video')).toBe(520); // absurd forward jump
    expect(t.resets).toBe(2);
  });

  it('gives a frame without a timestamp its track’s last time', () => {
    const t = new Timeline();
    expect(t.map(undefined, 'video')).toBe(0);
    t.map(1000, 'video');
    t.map(1040, 'video');
    expect(t.map(undefined, 'video')).toBe(40);
  });
});
