import { type AlarmNotice, defaultAlarmNotice, PlatformAlarmCode } from '@headway/spec';
import { describe, expect, it } from 'vitest';
import {
  admit,
  carKey,
  dismiss,
  EMPTY_POPUPS,
  expire,
  MAX_POPUPS,
  MAX_QUEUED,
  type NoticeOf,
  nextExpiry,
  type PopupState,
  SOS_CODE,
  secondsLeft,
} from './popup-rules';
import { alarm, GNSS_FAULT, NOW, SPEEDING } from './test-alarms';

const notice = (is_show: 0 | 1, duration: number, web_notice: 0 | 1 = 0): AlarmNotice => ({
  web_notice,
  app_notice: 0,
  mail_notice: 1,
  is_show,
  duration,
});

/** Speeding pops up for 10 s, SOS stays, GNSS faults never pop up. */
const prefs: NoticeOf = (code) =>
  code === SPEEDING
    ? notice(1, 10)
    : code === SOS_CODE
      ? notice(1, 0)
      : code === GNSS_FAULT
        ? notice(0, 30)
        : defaultAlarmNotice(code);

describe('the popup rule', () => {
  it('opens a popup only for types whose preference has is_show 1 (and the web notice on)', () => {
    const state = admit(EMPTY_POPUPS, [alarm(1, GNSS_FAULT), alarm(2, SPEEDING), alarm(3, SOS_CODE)], prefs, NOW);
    expect(state.popups.map((p) => p.alarm.car_id)).toEqual([2, 3]);
    const webOff: NoticeOf = () => notice(1, 10, 1);
    expect(admit(EMPTY_POPUPS, [alarm(4, SPEEDING)], webOff, NOW)).toBe(EMPTY_POPUPS);
  });

  it('opens none for a car that already has one open, until that one closes', () => {
    let state = admit(EMPTY_POPUPS, [alarm(7, SPEEDING), alarm(7, SOS_CODE)], prefs, NOW);
    expect(state.popups).toHaveLength(1);
    expect(state.popups[0]?.alarm.platform_alarm_id).toBe(SPEEDING);
    state = admit(state, [alarm(7, SOS_CODE)], prefs, NOW + 1000);
    expect(state.popups).toHaveLength(1);
    state = dismiss(state, state.popups[0]!.alarm.id, prefs, NOW + 2000);
    state = admit(state, [alarm(7, SOS_CODE)], prefs, NOW + 3000);
    expect(state.popups.map((p) => p.alarm.platform_alarm_id)).toEqual([SOS_CODE]);
  });

  it('tells unbound terminals apart by IMEI', () => {
    expect(carKey({ car_id: null, imei: 'a' })).not.toBe(carKey({ car_id: null, imei: 'b' }));
    const state = admit(
      EMPTY_POPUPS,
      [alarm(null, SPEEDING, { imei: 'a' }), alarm(null, SPEEDING, { imei: 'b' })],
      prefs,
      NOW,
    );
    expect(state.popups).toHaveLength(2);
  });

  it('closes after the duration with a countdown; duration 0 stays', () => {
    let state = admit(EMPTY_POPUPS, [alarm(1, SPEEDING), alarm(2, SOS_CODE)], prefs, NOW);
    const [speeding, sos] = state.popups;
    expect(secondsLeft(speeding!, NOW)).toBe(10);
    expect(secondsLeft(speeding!, NOW + 2_500)).toBe(8);
    expect(secondsLeft(sos!, NOW)).toBeNull();
    expect(nextExpiry(state)).toBe(NOW + 10_000);
    state = expire(state, prefs, NOW + 9_999);
    expect(state.popups).toHaveLength(2);
    state = expire(state, prefs, NOW + 10_000);
    expect(state.popups.map((p) => p.alarm.car_id)).toEqual([2]);
    expect(nextExpiry(state)).toBeNull();
    expect(expire(state, prefs, NOW + 3_600_000).popups).toHaveLength(1);
  });

  it(`shows at most ${MAX_POPUPS} at once and opens waiting ones, one per car, as places free up`, () => {
    const first = Array.from({ length: MAX_POPUPS }, (_, i) => alarm(100 + i, SPEEDING));
    let state = admit(EMPTY_POPUPS, first, prefs, NOW);
    state = admit(state, [alarm(200, SPEEDING), alarm(200, SOS_CODE), alarm(201, SPEEDING)], prefs, NOW + 1000);
    expect(state.popups).toHaveLength(MAX_POPUPS);
    expect(state.queue.map((a) => a.car_id)).toEqual([200, 201]);
    // The oldest close at NOW + 10 s: the waiting ones take their places with a full countdown of their own.
    state = expire(state, prefs, NOW + 10_000);
    expect(state.popups.map((p) => p.alarm.car_id)).toEqual([200, 201]);
    expect(state.popups[0]?.closesAt).toBe(NOW + 20_000);
    expect(state.queue).toEqual([]);
  });

  it('drops a waiting alarm whose car got a popup meanwhile', () => {
    const full = admit(
      EMPTY_POPUPS,
      Array.from({ length: MAX_POPUPS }, (_, i) => alarm(i + 1, SPEEDING)),
      prefs,
      NOW,
    );
    const state: PopupState = { ...full, queue: [alarm(1, SOS_CODE), alarm(50, SPEEDING)] };
    const after = dismiss(state, full.popups[4]!.alarm.id, prefs, NOW + 1);
    expect(after.popups.map((p) => p.alarm.car_id)).toEqual([1, 2, 3, 4, 50]);
    expect(after.queue).toEqual([]);
  });

  it(`keeps at most ${MAX_QUEUED} waiting and counts the rest`, () => {
    const storm = Array.from({ length: 1_000 }, (_, i) => alarm(1_000 + i, SPEEDING));
    const state = admit(EMPTY_POPUPS, storm, prefs, NOW);
    expect(state.popups).toHaveLength(MAX_POPUPS);
    expect(state.queue).toHaveLength(MAX_QUEUED);
    expect(state.overflow).toBe(1_000 - MAX_POPUPS - MAX_QUEUED);
  });

  it('knows the SOS code of the catalogue (its popup opens the SOS modal)', () => {
    expect(SOS_CODE).toBe(1);
    expect(SOS_CODE).not.toBe(PlatformAlarmCode.overSpeed);
  });
});
