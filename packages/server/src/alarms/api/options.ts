// Tunables of the alarm API (AppOptions.alarms).

export interface AlarmApiOptions {
  /** How far back GET /device/alarm/real looks for unread alarms: older ones are for the details dialog. */
  liveWindowSeconds: number;
  /** Rows (vehicle × type) the live list answers at most, newest first; its total counts them all. */
  liveMaxRows: number;
}

export const DEFAULT_ALARM_API: AlarmApiOptions = { liveWindowSeconds: 24 * 3600, liveMaxRows: 1000 };
