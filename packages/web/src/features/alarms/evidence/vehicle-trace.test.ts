import { describe, expect, it } from 'vitest';
import { appendTrace, TRACE_MAX_POINTS, type TracePoint } from './vehicle-trace';

const at = (lng: number, lat: number, time: number): TracePoint => ({ lng, lat, time });

describe('SOS live trace', () => {
  it('adds each new position once, oldest first', () => {
    let trace = appendTrace([], at(-74.1, 40.6, 100));
    trace = appendTrace(trace, at(-74.11, 40.6, 105));
    expect(trace).toEqual([at(-74.1, 40.6, 100), at(-74.11, 40.6, 105)]);
  });

  it('ignores a repeated report, an older one, a standing vehicle and a report without a fix', () => {
    const trace = appendTrace([], at(-74.1, 40.6, 100));
    expect(appendTrace(trace, at(-74.1, 40.6, 100))).toBe(trace);
    expect(appendTrace(trace, at(-74.2, 40.6, 90))).toBe(trace);
    expect(appendTrace(trace, at(-74.1, 40.6, 130))).toBe(trace);
    expect(appendTrace(trace, at(0, 0, 140))).toBe(trace);
    expect(appendTrace(trace, at(Number.NaN, 40.6, 150))).toBe(trace);
  });

  it('keeps the newest points of a dialog left open for hours', () => {
    let trace: readonly TracePoint[] = [];
    for (let i = 1; i <= TRACE_MAX_POINTS + 10; i++) trace = appendTrace(trace, at(-74 - i / 1e5, 40.6, i));
    expect(trace.length).toBe(TRACE_MAX_POINTS);
    expect(trace[0]?.time).toBe(11);
    expect(trace.at(-1)?.time).toBe(TRACE_MAX_POINTS + 10);
  });
});
