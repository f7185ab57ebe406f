import type { AlarmBody, AlarmPreference } from '@headway/server/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAlarmFeed, FEED_INTERVAL_MS } from './alarm-feed';
import { alarmCentre, useAlarmCentre } from './centre-store';
import { MAX_POPUPS, MAX_QUEUED } from './popup-rules';
import { alarm, GNSS_FAULT, SPEEDING } from './test-alarms';

const pref = (code: number, is_show: 0 | 1, web_notice: 0 | 1 = 0): AlarmPreference => ({
  platform_alarm_id: code,
  web_notice,
  app_notice: 0,
  mail_notice: 1,
  is_show,
  duration: 30,
});

describe('the live alarm feed', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the first alarm over at once, then batches at most every interval', () => {
    const batches: AlarmBody[][] = [];
    const feed = createAlarmFeed({ onBatch: (b) => batches.push(b) });
    feed.push([alarm(1, SPEEDING)]);
    vi.advanceTimersByTime(0);
    expect(batches.map((b) => b.length)).toEqual([1]);
    feed.push([alarm(2, SPEEDING)]);
    feed.push([alarm(3, SPEEDING)]);
    vi.advanceTimersByTime(FEED_INTERVAL_MS - 1);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches.map((b) => b.length)).toEqual([1, 2]);
  });

  it('drops repeats of an id and bodies that are not alarms', () => {
    const batches: AlarmBody[][] = [];
    const feed = createAlarmFeed({ onBatch: (b) => batches.push(b) });
    const a = alarm(1, SPEEDING);
    feed.push([a, { ...a }, { cmd: 'nonsense' }, null, 42]);
    feed.push({ ...a, end_time: a.event_time + 60 });
    feed.flush();
    expect(batches).toEqual([[a]]);
  });

  it('forgets the oldest ids past its limit', () => {
    const batches: AlarmBody[][] = [];
    const feed = createAlarmFeed({ onBatch: (b) => batches.push(b), seenLimit: 2 });
    const [a, b, c] = [alarm(1, SPEEDING), alarm(2, SPEEDING), alarm(3, SPEEDING)];
    feed.push([a, b, c, a]);
    feed.flush();
    expect(batches[0]?.map((x) => x.id)).toEqual([a.id, b.id, c.id, a.id]);
  });
});

describe('an alarm storm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    alarmCentre.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    alarmCentre.reset();
  });

  it('1,000 alarms in a second become one state update per interval: the badge counts them all, five popups open', () => {
    alarmCentre.setNotices([pref(SPEEDING, 1), pref(GNSS_FAULT, 0, 1)]);
    let updates = 0;
    const unsubscribe = useAlarmCentre.subscribe(() => updates++);
    const feed = createAlarmFeed({ onBatch: (b) => alarmCentre.ingest(b, Date.now()) });
    // One frame every millisecond for a second, as a server pushing each alarm on its own would.
    for (let i = 0; i < 1_000; i++) {
      feed.push([alarm(10_000 + i, i % 10 === 0 ? GNSS_FAULT : SPEEDING)]);
      vi.advanceTimersByTime(1);
    }
    feed.flush();
    unsubscribe();
    expect(updates).toBeLessThanOrEqual(1_000 / FEED_INTERVAL_MS + 1);
    const state = useAlarmCentre.getState();
    // GNSS faults have the web notice off: neither counted nor shown.
    expect(state.unread).toBe(900);
    expect(state.popups).toHaveLength(MAX_POPUPS);
    expect(state.queue).toHaveLength(MAX_QUEUED);
    expect(state.overflow).toBe(900 - MAX_POPUPS - MAX_QUEUED);
  });

  it('the same storm as one frame is one state update', () => {
    alarmCentre.setNotices([pref(SPEEDING, 1)]);
    let updates = 0;
    const unsubscribe = useAlarmCentre.subscribe(() => updates++);
    const feed = createAlarmFeed({ onBatch: (b) => alarmCentre.ingest(b, Date.now()) });
    feed.push(Array.from({ length: 1_000 }, (_, i) => alarm(20_000 + i, SPEEDING)));
    vi.advanceTimersByTime(FEED_INTERVAL_MS);
    unsubscribe();
    expect(updates).toBe(1);
    expect(useAlarmCentre.getState().unread).toBe(1_000);
  });
});
