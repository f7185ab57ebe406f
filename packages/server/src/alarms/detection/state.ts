import type { AlarmHandle } from './sink.ts';

// What the detector remembers of one terminal between its reports. Plain fields compared per report; the map of
// open alarms and the recent identifications exist only once the terminal has had an alarm.

/** Key of an open alarm in `VehicleAlarmState.open`: the bit for the alarm word, see the helpers below. */
export type OpenKey = number | string;

/** Bit n of the JT/T 1078 video alarm word (0x14). */
export const videoKey = (bit: number): OpenKey => 100 + bit;
/** An ADAS / DSM / BSD alarm with start and end flags: its item and the terminal's alarm id. */
export const safetyKey = (itemId: number, alarmId: number): OpenKey => `${itemId}:${alarmId}`;
/** A TPMS alarm with start and end flags: one per tyre and event bit. */
export const tpmsKey = (tyre: number, bit: number): OpenKey => `t${tyre}:${bit}`;

/** Identifications remembered per terminal to drop a repeated one (a resent report). */
export const RECENT_IDENTS = 256;

export class VehicleAlarmState {
  /** Newest event time seen: older (resent) reports make no edges. */
  lastEt = 0;
  /** Newest receive time (offline sweep). */
  lastReceive = 0;
  /** Where and how fast at the newest report (the offline alarm's position). */
  lat = 0;
  lng = 0;
  speed = 0;
  /** The 0x0200 alarm word of the newest report, as sent. */
  word = 0;
  /** The 0x14 video alarm word of the newest report (0 when the item is absent). */
  video = 0;
  /** Event time the speed first went above the limit; 0 while not above. */
  overSince = 0;
  /** Event time the vehicle stopped; 0 while moving. */
  parkedSince = 0;
  /** The depot test was made for this stop (it is made once, when the parking time is reached). */
  parkingJudged = false;
  // The platform's own alarms while open.
  overSpeed: AlarmHandle | undefined;
  parking: AlarmHandle | undefined;
  deviation: AlarmHandle | undefined;
  offline: AlarmHandle | undefined;
  /** Open device alarms (alarm word, video word, active safety with start/end flags). */
  open: Map<OpenKey, AlarmHandle> | undefined;
  /** Recent T/JSATL12 identifications, oldest first. */
  recent: Set<string> | undefined;

  constructor(
    readonly companyId: number,
    readonly terminalPhone: string,
  ) {}

  openMap(): Map<OpenKey, AlarmHandle> {
    this.open ??= new Map();
    return this.open;
  }

  /** Records an identification; false when it was seen already. */
  remember(ident: string): boolean {
    this.recent ??= new Set();
    if (this.recent.has(ident)) return false;
    this.recent.add(ident);
    if (this.recent.size > RECENT_IDENTS) {
      const oldest = this.recent.values().next().value as string;
      this.recent.delete(oldest);
    }
    return true;
  }
}
