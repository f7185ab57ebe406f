import type { Label } from './labels.ts';

// Shared shape of the spec's bit tables (state word, warning word, terminal status word, capabilities): each
// named bit once, with its position and label. Masks and name lists are derived, never written by hand.

/** One named bit of a 32-bit flag word. */
export interface BitDef {
  /** Position, 0 = least significant. */
  readonly bit: number;
  readonly label: Label;
}

export type BitTable = { readonly [name: string]: BitDef };

/** Name → mask of a bit table, as unsigned 32-bit numbers (bit 31 is 0x80000000, not negative). */
export type MaskOf<T extends BitTable> = { readonly [K in keyof T]: number };

export function masksOf<T extends BitTable>(table: T): MaskOf<T> {
  const out: Record<string, number> = {};
  for (const [name, def] of Object.entries(table)) out[name] = 2 ** def.bit;
  return Object.freeze(out) as MaskOf<T>;
}

/** Whether the bit is set in `word`. */
export function hasBit(word: number, def: BitDef): boolean {
  return ((word >>> def.bit) & 1) === 1;
}

/** Names of the bits set in `word`, in bit order; bits the table does not name are left out. */
export function bitNames<T extends BitTable>(word: number, table: T): (keyof T & string)[] {
  const out: (keyof T & string)[] = [];
  for (const [name, def] of sortedEntries(table)) if (hasBit(word, def)) out.push(name as keyof T & string);
  return out;
}

/** The word with exactly the named bits set. */
export function wordOf<T extends BitTable>(table: T, names: Iterable<keyof T>): number {
  let word = 0;
  for (const name of names) word |= 2 ** (table[name] as BitDef).bit;
  return word >>> 0;
}

/** Mask of every bit the table names. */
export function fullMask(table: BitTable): number {
  return wordOf(table, Object.keys(table));
}

const sorted = new WeakMap<BitTable, [string, BitDef][]>();

function sortedEntries(table: BitTable): [string, BitDef][] {
  let entries = sorted.get(table);
  if (!entries) {
    entries = Object.entries(table).sort((a, b) => a[1].bit - b[1].bit);
    sorted.set(table, entries);
  }
  return entries;
}
