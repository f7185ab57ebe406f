import { type Label, labelIn } from '@headway/spec';

// A spec table's codes as Select options and tags, in the console's language.

type Table = { readonly [code: number]: { readonly label: Label; readonly color?: string } };

export function codeOptions(table: Table, language: string) {
  return Object.entries(table).map(([code, entry]) => ({ value: Number(code), label: labelIn(entry.label, language) }));
}

export function codeLabel(table: Table, code: number, language: string): string {
  const entry = table[code];
  return entry ? labelIn(entry.label, language) : String(code);
}

export function codeColor(table: Table, code: number): string | undefined {
  return table[code]?.color;
}
