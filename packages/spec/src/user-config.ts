// A user's console preferences (product spec section 3, "User config") and their defaults. The server fills a
// stored config up with these; the console's settings start from them.

/** 0 compact, 1 vertical. */
export const LINE_MAP_TYPES = [0, 1] as const;
export const LINE_MAP_COLUMN_COUNTS = [1, 2] as const;
export const DEPARTURE_TIMETABLE_VIEWS = ['card', 'table'] as const;
/** Sounds the alarm popup may play (files under the console's public sounds). */
export const ALARM_SOUNDS = ['alarm.mp3', 'maonv.mp3', 'police.wav'] as const;

export interface UserConfig {
  line_map_type: (typeof LINE_MAP_TYPES)[number];
  line_map_column_count: (typeof LINE_MAP_COLUMN_COUNTS)[number];
  line_map_departure_timetable: (typeof DEPARTURE_TIMETABLE_VIEWS)[number];
  vehicle_expire_reminder: boolean;
  insurance_reminder: boolean;
  alarm_sound: (typeof ALARM_SOUNDS)[number];
  hide_attendant: boolean;
  hide_non_operational: boolean;
  hide_dispatch_abnormal: boolean;
  /** Console display settings (spec "Settings"); kept server-side so they follow the user between browsers. */
  settings?: Record<string, unknown>;
}

export const DEFAULT_USER_CONFIG: Readonly<UserConfig> = Object.freeze({
  line_map_type: 0,
  line_map_column_count: 1,
  line_map_departure_timetable: 'card',
  vehicle_expire_reminder: true,
  insurance_reminder: true,
  alarm_sound: 'alarm.mp3',
  hide_attendant: false,
  hide_non_operational: false,
  hide_dispatch_abnormal: false,
  settings: {},
});
