// Breaking a cell's text into lines that fit its column, for the PDF writer. pdfkit's own wrapping breaks at spaces
// (the linebreak package), and Thai is written without spaces between words: Intl.Segmenter finds the word
// boundaries (ICU's dictionary) for Thai, Chinese and Latin alike. A word wider than the column is cut between
// grapheme clusters, so a Thai vowel or tone mark never leaves its consonant.

const THAI = /[\u0E00-\u0E7F]/;
const THAI_RUN = /([\u0E00-\u0E7F]+)/;

export type Script = 'main' | 'thai';

/** Runs of one font: Thai letters in the Thai face, everything else (Latin, Chinese, digits) in the CJK face. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  if (!THAI.test(text)) return text ? [{ script: 'main', text }] : [];
  return text
    .split(THAI_RUN)
    .filter((part) => part.length > 0)
    .map((part) => ({ script: THAI.test(part) ? 'thai' : 'main', text: part }));
}

const segmenters = new Map<string, { words: Intl.Segmenter; graphemes: Intl.Segmenter }>();

function segmenterFor(language: string) {
  let found = segmenters.get(language);
  if (!found) {
    found = {
      words: new Intl.Segmenter(language, { granularity: 'word' }),
      graphemes: new Intl.Segmenter(language, { granularity: 'grapheme' }),
    };
    segmenters.set(language, found);
  }
  return found;
}

/**
 * Lines of `text` no wider than `width` as `measure` reports it, at most `maxLines` (the last one ending in "…"
 * when text is left over). Hard line breaks in the text are kept.
 */
export function wrapText(
  text: string,
  width: number,
  measure: (s: string) => number,
  language: string,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const { words, graphemes } = segmenterFor(language);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    if (measure(paragraph) <= width) {
      lines.push(paragraph);
      continue;
    }
    let line = '';
    const flush = () => {
      lines.push(line.trimEnd());
      line = '';
    };
    for (const { segment } of words.segment(paragraph)) {
      if (measure(line + segment) <= width) {
        line += segment;
        continue;
      }
      if (line.trim()) flush();
      const piece = line === '' ? segment.trimStart() : segment;
      if (measure(piece) <= width) {
        line = piece;
        continue;
      }
      line = '';
      for (const { segment: g } of graphemes.segment(piece)) {
        if (line && measure(line + g) > width) flush();
        line += g;
      }
    }
    if (line.trim() || lines.length === 0) flush();
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1] ?? ''}…`;
  return kept;
}
