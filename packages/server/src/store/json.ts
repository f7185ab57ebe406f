// JSON columns are text on both engines; parsing is tolerant so one bad row cannot take a screen down.
export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
