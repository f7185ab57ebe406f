import type { RealData } from '@headway/server/contract';

// The newest live report of each watched vehicle, kept per line so that a report moves only its own line's card:
// with twenty lines shown, one bus reporting re-renders one diagram, not twenty.

export type LineFixSnapshot = ReadonlyMap<string, RealData>;

const NONE: LineFixSnapshot = new Map();

export class LiveFixes {
  /** Line code → the vehicles reported on it (by IMEI), replaced by a new map when it changes. */
  private lines = new Map<string, Map<string, RealData>>();
  /** IMEI → the line it is counted on now. */
  private lineOf = new Map<string, string>();
  private listeners = new Map<string, Set<() => void>>();

  /**
   * Takes a batch of reports. A report counts on the line of its route progress, or on the vehicle's own line
   * (`homeLine`) when it has none; a vehicle changing line leaves the old one.
   */
  apply(fixes: readonly RealData[], homeLine: (imei: string) => string | undefined): void {
    const touched = new Set<string>();
    const copies = new Map<string, Map<string, RealData>>();
    const edit = (code: string) => {
      let copy = copies.get(code);
      if (!copy) {
        copy = new Map(this.lines.get(code));
        copies.set(code, copy);
        touched.add(code);
      }
      return copy;
    };
    for (const fix of fixes) {
      const code = fix.route?.code || homeLine(fix.imei) || '';
      const before = this.lineOf.get(fix.imei);
      const held = before === undefined ? undefined : this.lines.get(before)?.get(fix.imei);
      // The worker passes on only newer reports per vehicle; a late one from another source must not move it back.
      if (held && held.et > fix.et) continue;
      if (before !== undefined && before !== code) edit(before).delete(fix.imei);
      edit(code).set(fix.imei, fix);
      this.lineOf.set(fix.imei, code);
    }
    for (const [code, copy] of copies) this.lines.set(code, copy);
    for (const code of touched) for (const l of this.listeners.get(code) ?? []) l();
  }

  snapshot(code: string): LineFixSnapshot {
    return this.lines.get(code) ?? NONE;
  }

  subscribe(code: string, listener: () => void): () => void {
    let set = this.listeners.get(code);
    if (!set) {
      set = new Set();
      this.listeners.set(code, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}
