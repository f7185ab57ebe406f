// The resolver's settings (README "variables", docs/geocoding.md). Without any, it answers from the company's own
// stops and lines only and never touches the network.

export interface GeocodingConfig {
  /** HEADWAY_GEOCODER_PLACES: an offline place list (CSV: name, lat, lng[, name_zh, name_th]). */
  placesFile: string | undefined;
  /** HEADWAY_GEOCODER_URL: a Nominatim-compatible service's base URL. */
  url: string | undefined;
  /** HEADWAY_GEOCODER_TIMEOUT_MS: how long to wait for that service before answering without it. */
  timeoutMs: number;
  /** HEADWAY_GEOCODER_USER_AGENT: Nominatim's usage policy asks every application to identify itself. */
  userAgent: string;
}

export const DEFAULT_GEOCODING: GeocodingConfig = {
  placesFile: undefined,
  url: undefined,
  // The info box waits for this; an address a few seconds late is worth less than an answer now.
  timeoutMs: 2000,
  userAgent: 'Headway/0.1 (bus fleet operations platform)',
};

export function geocodingConfigFrom(env: NodeJS.ProcessEnv): GeocodingConfig {
  const url = env.HEADWAY_GEOCODER_URL || undefined;
  if (url && !/^https?:\/\/[^/]/.test(url))
    throw new Error(`HEADWAY_GEOCODER_URL must be an http(s) URL, got "${url}"`);
  const timeout = env.HEADWAY_GEOCODER_TIMEOUT_MS;
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_GEOCODING.timeoutMs;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(`HEADWAY_GEOCODER_TIMEOUT_MS must be a positive integer, got "${timeout}"`);
  }
  return {
    placesFile: env.HEADWAY_GEOCODER_PLACES || undefined,
    url,
    timeoutMs,
    userAgent: env.HEADWAY_GEOCODER_USER_AGENT || DEFAULT_GEOCODING.userAgent,
  };
}
