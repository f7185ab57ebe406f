// A visit's dwell in the largest two units that matter (a depot night is "10 h 20 min", a stop "45 s"), for the
// region popup's `regions.layer.{seconds,minutes,hours,days}` strings.

export type DwellParts =
  | { key: 'seconds'; values: { s: number } }
  | { key: 'minutes'; values: { m: number } }
  | { key: 'hours'; values: { h: number; m: number } }
  | { key: 'days'; values: { d: number; h: number } };

export function dwellParts(seconds: number): DwellParts {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return { key: 'seconds', values: { s } };
  if (s < 3600) return { key: 'minutes', values: { m: Math.floor(s / 60) } };
  if (s < 86_400) return { key: 'hours', values: { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) } };
  return { key: 'days', values: { d: Math.floor(s / 86_400), h: Math.floor((s % 86_400) / 3600) } };
}
