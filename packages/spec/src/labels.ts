// The console's three languages (product spec section 1) and the label every spec table carries in each of them.
// A table entry's label is the one place its wording lives: the server's envelope messages, the console's texts
// and any report read it from here.

export const LANGUAGES = ['en', 'zh', 'th'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One wording in every console language; all three are required, so a missing translation fails the build. */
export type Label = { readonly [L in Language]: string };

/**
 * The supported language of a language tag (`zh-CN`, `th_TH`, `EN`), or null. Region and script are ignored:
 * the console has one Chinese and one Thai.
 */
export function languageOf(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : null;
}

/** The label's wording in `language`, English when the language is not one of the three. */
export function labelIn(label: Label, language: string | null | undefined): string {
  return label[languageOf(language) ?? 'en'];
}
