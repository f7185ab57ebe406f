import type { AlarmBody, AlarmPreference } from '@headway/server/contract';
import { type AlarmNotice, defaultAlarmNotice } from '@headway/spec';
import { create } from 'zustand';
import { admit, dismiss, EMPTY_POPUPS, expire, type NoticeOf, type PopupState, wantsPopup } from './popup-rules';

// The alarm centre's client state (docs/console.md "Alarm centre"): the badge's count, the popups, which dialog is
// open. Server state (the lists, the preferences) stays in TanStack Query; the centre copies the preferences in
// here because the live path needs them outside React.

/** What the details dialog starts filtered to (a car's name in the alarm dialog opens its details). */
export interface DetailsRequest {
  carId?: number;
  routeId?: number;
}

export interface AlarmCentreState extends PopupState {
  /** The navbar badge: the server's unread total, plus live alarms since it was fetched. */
  unread: number;
  listOpen: boolean;
  details: DetailsRequest | null;
  filterOpen: boolean;
  /** The alarm whose evidence modal (or SOS modal) is open. */
  evidence: AlarmBody | null;
  /** The browser refused to play the alarm sound before a user gesture. */
  soundBlocked: boolean;
  notices: ReadonlyMap<number, AlarmNotice>;
}

const initial: AlarmCentreState = {
  ...EMPTY_POPUPS,
  unread: 0,
  listOpen: false,
  details: null,
  filterOpen: false,
  evidence: null,
  soundBlocked: false,
  notices: new Map(),
};

export const useAlarmCentre = create<AlarmCentreState>()(() => initial);

const set = useAlarmCentre.setState;
const get = useAlarmCentre.getState;

/** The user's notice for a type: their saved preference, else the catalogue's default. */
export const noticeOf: NoticeOf = (code) => get().notices.get(code) ?? defaultAlarmNotice(code);

export const alarmCentre = {
  reset: () => set(initial, true),
  setUnread: (unread: number) => set({ unread }),
  setNotices: (preferences: readonly AlarmPreference[]) =>
    set({ notices: new Map(preferences.map((p) => [p.platform_alarm_id, p])) }),
  /**
   * One batch from the live feed, in one state update: each alarm the user is told about (web notice on) counts
   * on the badge at once (the next poll brings the server's figure), and the popup rule runs over the batch.
   */
  ingest(alarms: readonly AlarmBody[], now = Date.now()) {
    const counted = alarms.reduce((n, a) => n + (noticeOf(a.platform_alarm_id).web_notice === 0 ? 1 : 0), 0);
    const state = get();
    const popups = admit(state, alarms, noticeOf, now);
    set({ ...popups, unread: state.unread + counted });
  },
  expire: (now = Date.now()) => set((s) => expire(s, noticeOf, now)),
  dismiss: (alarmId: number, now = Date.now()) => set((s) => dismiss(s, alarmId, noticeOf, now)),
  /** Opening a popup's alarm closes the popup: the dispatcher is on it. */
  openPopup(alarmId: number, now = Date.now()) {
    const popup = get().popups.find((p) => p.alarm.id === alarmId);
    if (!popup) return;
    set((s) => ({ ...dismiss(s, alarmId, noticeOf, now), evidence: popup.alarm }));
  },
  /**
   * Preferences saved (spec: "on success with a result the alarm list is cleared"): waiting popups go, and the
   * open ones the new preferences no longer want.
   */
  clearForPreferences() {
    set((s) => ({
      ...EMPTY_POPUPS,
      popups: s.popups.filter((p) => wantsPopup(noticeOf(p.alarm.platform_alarm_id))),
    }));
  },
  openList: (open: boolean) => set({ listOpen: open }),
  openDetails: (request: DetailsRequest | null) => set({ details: request }),
  openFilter: (open: boolean) => set({ filterOpen: open }),
  openEvidence: (alarm: AlarmBody | null) => set({ evidence: alarm }),
  setSoundBlocked: (soundBlocked: boolean) => set({ soundBlocked }),
};
