import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The PDF export's fonts (docs/exports.md "Fonts"): Noto Sans CJK for Latin and Chinese, Noto Sans Thai for Thai.
// They come from Debian's packages (fonts-noto-cjk, fonts-noto-core), which the project's setup installs when it
// runs as root (scripts/ensure-fonts.mjs, .ci/run); TLWG's Thai fonts are not used, their marks overlap. The files
// are read once and kept: a document embeds only the glyphs it uses (pdfkit subsets them).

export interface PdfFont {
  /** A .ttf/.otf, or a .ttc with the face's PostScript name. */
  file: string;
  face?: string;
}

export interface PdfFonts {
  /** Latin and Chinese (Noto Sans CJK SC). */
  main: { data: Buffer; face?: string };
  /** Thai (Noto Sans Thai). */
  thai: { data: Buffer; face?: string };
}

const DEBIAN_DIRS = ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/truetype/noto'];

const CANDIDATES = {
  main: [
    ...DEBIAN_DIRS.map((dir) => ({ file: join(dir, 'NotoSansCJK-Regular.ttc'), face: 'NotoSansCJKsc-Regular' })),
    ...DEBIAN_DIRS.map((dir) => ({ file: join(dir, 'NotoSansSC-Regular.otf') })),
  ],
  thai: DEBIAN_DIRS.map((dir) => ({ file: join(dir, 'NotoSansThai-Regular.ttf') })),
} satisfies Record<keyof PdfFonts, PdfFont[]>;

/** The Debian packages that hold the fonts, for the error a server without them answers. */
export const PDF_FONT_PACKAGES = 'fonts-noto-cjk fonts-noto-core';

export type FontLookup = { ok: true; fonts: PdfFonts } | { ok: false; missing: string[] };

let cached: FontLookup | undefined;

function firstPresent(list: PdfFont[], directory?: string): PdfFont | undefined {
  const extra = directory ? list.map((f) => ({ ...f, file: join(directory, f.file.split('/').pop() ?? '') })) : [];
  return [...extra, ...list].find((f) => existsSync(f.file));
}

/**
 * The fonts, found in `HEADWAY_PDF_FONT_DIR` first (a directory with the same file names, for a machine without
 * Debian's packages), then Debian's paths. Missing fonts are not an error here: the PDF route answers one.
 */
export function pdfFonts(directory = process.env.HEADWAY_PDF_FONT_DIR): FontLookup {
  if (cached?.ok) return cached;
  const main = firstPresent(CANDIDATES.main, directory);
  const thai = firstPresent(CANDIDATES.thai, directory);
  if (!main || !thai) {
    const missing = [...(main ? [] : ['Noto Sans CJK']), ...(thai ? [] : ['Noto Sans Thai'])];
    return { ok: false, missing };
  }
  const load = (f: PdfFont) => ({ data: readFileSync(f.file), ...(f.face ? { face: f.face } : {}) });
  cached = { ok: true, fonts: { main: load(main), thai: load(thai) } };
  return cached;
}
