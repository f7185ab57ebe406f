import type { AlarmBody } from '@headway/server/contract';
import { type AlarmNotice, WARNING_BIT_ALARM_CODES, WARNING_BITS } from '@headway/spec';

// Which live alarms open a popup, and when popups close (spec section 4 "Alarm read": a popup for a car opens only
// if the user's preference for that type has is_show 1 and no popup for that car is open; it closes after the
// preference's duration). Pure: the centre's store applies these to its state.

/** At most this many popups at once: a storm queues the rest instead of covering the screen. */
export const MAX_POPUPS = 5;
/** Waiting popups (one per car); beyond this an alarm is only counted (the list and the badge still have it). */
export const MAX_QUEUED = 100;

/** The SOS code of the catalogue: its popup opens the SOS modal instead of the alarm modal. */
export const SOS_CODE = WARNING_BIT_ALARM_CODES[WARNING_BITS.sos.bit] as number;

export interface Popup {
  alarm: AlarmBody;
  /** Epoch ms when it closes by itself; null stays until closed (duration 0). */
  closesAt: number | null;
}

export interface PopupState {
  popups: readonly Popup[];
  /** Alarms that met the rule while MAX_POPUPS were open, oldest first, at most one per car. */
  queue: readonly AlarmBody[];
  /** Alarms that met the rule with the queue full. */
  overflow: number;
}

export type NoticeOf = (code: number) => AlarmNotice;

export const EMPTY_POPUPS: PopupState = { popups: [], queue: [], overflow: 0 };

/** One popup per car: a vehicle not bound to a car (car_id null) is known by its terminal. */
export function carKey(alarm: Pick<AlarmBody, 'car_id' | 'imei'>): string {
  return alarm.car_id === null ? `imei:${alarm.imei}` : `car:${alarm.car_id}`;
}

/**
 * Whether the user asked to be shown this alarm: web notice on (0; off means the web console is not told at all)
 * and is_show 1.
 */
export function wantsPopup(notice: AlarmNotice): boolean {
  return notice.web_notice === 0 && notice.is_show === 1;
}

function opened(alarm: AlarmBody, notice: AlarmNotice, now: number): Popup {
  return { alarm, closesAt: notice.duration > 0 ? now + notice.duration * 1000 : null };
}

/** Opens queued popups into free places, skipping cars that have one open. */
function fill(state: PopupState, noticeOf: NoticeOf, now: number): PopupState {
  if (state.popups.length >= MAX_POPUPS || state.queue.length === 0) return state;
  const popups = [...state.popups];
  const open = new Set(popups.map((p) => carKey(p.alarm)));
  const queue: AlarmBody[] = [];
  for (const alarm of state.queue) {
    const key = carKey(alarm);
    if (popups.length < MAX_POPUPS && !open.has(key)) {
      popups.push(opened(alarm, noticeOf(alarm.platform_alarm_id), now));
      open.add(key);
    } else if (!open.has(key)) {
      queue.push(alarm);
    }
    // A queued alarm whose car has meanwhile got a popup is dropped, as if it had arrived then.
  }
  return { ...state, popups, queue };
}

/** A batch of new live alarms, in arrival order. */
export function admit(state: PopupState, alarms: readonly AlarmBody[], noticeOf: NoticeOf, now: number): PopupState {
  let popups: Popup[] | null = null;
  let queue: AlarmBody[] | null = null;
  let overflow = state.overflow;
  const open = new Set(state.popups.map((p) => carKey(p.alarm)));
  const waiting = new Set(state.queue.map(carKey));
  for (const alarm of alarms) {
    const notice = noticeOf(alarm.platform_alarm_id);
    if (!wantsPopup(notice)) continue;
    const key = carKey(alarm);
    if (open.has(key)) continue;
    popups ??= [...state.popups];
    if (popups.length < MAX_POPUPS) {
      popups.push(opened(alarm, notice, now));
      open.add(key);
      continue;
    }
    if (waiting.has(key)) continue;
    queue ??= [...state.queue];
    if (queue.length < MAX_QUEUED) {
      queue.push(alarm);
      waiting.add(key);
    } else {
      overflow++;
    }
  }
  if (!popups && !queue && overflow === state.overflow) return state;
  return { popups: popups ?? state.popups, queue: queue ?? state.queue, overflow };
}

/** Closes the popups whose time is up and opens queued ones in their place. */
export function expire(state: PopupState, noticeOf: NoticeOf, now: number): PopupState {
  const popups = state.popups.filter((p) => p.closesAt === null || p.closesAt > now);
  if (popups.length === state.popups.length) return state;
  return fill({ ...state, popups }, noticeOf, now);
}

/** The user closed (or opened) one popup. */
export function dismiss(state: PopupState, alarmId: number, noticeOf: NoticeOf, now: number): PopupState {
  const popups = state.popups.filter((p) => p.alarm.id !== alarmId);
  if (popups.length === state.popups.length) return state;
  return fill({ ...state, popups }, noticeOf, now);
}

/** Whole seconds left on a popup's countdown (null: no countdown). */
export function secondsLeft(popup: Popup, now: number): number | null {
  return popup.closesAt === null ? null : Math.max(0, Math.ceil((popup.closesAt - now) / 1000));
}

/** The earliest moment a popup closes by itself (the countdown's ticker runs only while there is one). */
export function nextExpiry(state: PopupState): number | null {
  let next: number | null = null;
  for (const p of state.popups) if (p.closesAt !== null && (next === null || p.closesAt < next)) next = p.closesAt;
  return next;
}
