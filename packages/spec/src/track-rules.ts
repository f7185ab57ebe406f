// Track search, track playback and emulated replay rules (product spec section 6 "Track search", section 8
// "Track replay" and "Emulated replay"), shared by the server's track query and the console's players.

/** A track query may span at most this many days (spec: "Span may not exceed 7 days"). */
export const TRACK_MAX_SPAN_DAYS = 7;

/** The console asks for confirmation above this span (spec: "Span over 24 hours asks for confirmation"). */
export const TRACK_CONFIRM_SPAN_HOURS = 24;

/**
 * Minutes a multi-vehicle or route query may span unless the company sets `multiple_search_limit`
 * (companies.config); 0 or less there means no limit.
 */
export const MULTIPLE_SEARCH_LIMIT_DEFAULT = 60;

/** Track playback: milliseconds per point at 1× … 5×. */
export const PLAYBACK_INTERVALS_MS = [1200, 900, 600, 300, 100] as const;

/** Zoom after a query with results. */
export const PLAYBACK_START_ZOOM = 16;

/** Timeline ticks: about one every 1/20 of the points. */
export const PLAYBACK_TIMELINE_TICKS = 20;

/** Points per page of the playback table. */
export const PLAYBACK_TABLE_PAGE_SIZE = 20;

/**
 * With the viewport locked, the map recentres when the vehicle leaves the inner area: 200 px from the left and
 * right edges, about 150–200 px from the top and bottom (175 here).
 */
export const PLAYBACK_LOCK_MARGIN_PX = { x: 200, y: 175 } as const;

/** A point whose receive and event times differ by more than this is stale (gray icon and marker). */
export const STALE_POINT_SECONDS = 300;

/** Speed gauge: 0–200 km/h with colour bands at 20 % and 40 % of the scale. */
export const SPEED_GAUGE_MAX_KMH = 200;
export const SPEED_GAUGE_BANDS = [0.2, 0.4] as const;

/** Emulated replay: milliseconds per step at speed 1 … 5. */
export const EMULATED_STEP_MS = [1000, 800, 400, 200, 100] as const;

/** Emulated replay: a vehicle disappears when a later event is this much newer than its last one. */
export const EMULATED_VANISH_SECONDS = 600;

/** Map replay window: the default range, the last hour. */
export const MAP_REPLAY_DEFAULT_SECONDS = 3600;
