import { type ProgressOptions, RouteProgressEngine, type SegmentTimes } from '../progress/index.ts';
import type { LineInfo } from './directory.ts';

/** One route-progress engine per company: line codes are unique only within a company. */
export class CompanyEngines {
  private readonly engines = new Map<number, RouteProgressEngine>();

  constructor(private readonly options: Partial<ProgressOptions>) {}

  of(companyId: number): RouteProgressEngine {
    let engine = this.engines.get(companyId);
    if (!engine) {
      engine = new RouteProgressEngine(this.options);
      this.engines.set(companyId, engine);
    }
    return engine;
  }

  /** The engine of a company that has one (removing a line must not create one). */
  existing(companyId: number): RouteProgressEngine | undefined {
    return this.engines.get(companyId);
  }

  /** Learned segment times of the given lines, for the live state store to persist. */
  segmentTimes(lines: Iterable<LineInfo>): { companyId: number; times: SegmentTimes }[] {
    const out: { companyId: number; times: SegmentTimes }[] = [];
    for (const line of lines) {
      const times = this.engines.get(line.companyId)?.segmentTimes(line.routeCode);
      if (times) out.push({ companyId: line.companyId, times });
    }
    return out;
  }
}
