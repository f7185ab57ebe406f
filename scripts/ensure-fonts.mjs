// The PDF export's fonts (docs/exports.md "Fonts"): Noto Sans CJK (Chinese and Latin) and Noto Sans Thai, from
// Debian's fonts-noto-cjk and fonts-noto-core. Installed here when missing and the process may (root with apt-get);
// otherwise a note, and the server answers a PDF export with an error that names the packages. Never fatal: the
// rest of the platform needs no fonts. poppler-utils comes along for the tests that read PDFs back.
// Node built-ins only: this runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const FONTS = [
  { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', pkg: 'fonts-noto-cjk' },
  { file: '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf', pkg: 'fonts-noto-core' },
];

function hasCommand(name) {
  try {
    execSync(`command -v ${name}`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `withTools`: also poppler-utils (pdftotext, pdftoppm), which `npm test` uses. */
export function ensureFonts({ withTools = false } = {}) {
  if (process.env.HEADWAY_PDF_FONT_DIR) return;
  const missing = FONTS.filter((f) => !existsSync(f.file)).map((f) => f.pkg);
  if (withTools && !hasCommand('pdftotext')) missing.push('poppler-utils');
  if (missing.length === 0) return;
  const canInstall = process.getuid?.() === 0 && hasCommand('apt-get');
  if (!canInstall) {
    console.log(`[headway] PDF exports need: apt-get install ${missing.join(' ')} (or HEADWAY_PDF_FONT_DIR)`);
    return;
  }
  console.log(`[headway] installing ${missing.join(' ')}`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execSync('apt-get update -qq', { stdio: 'inherit', env });
    execSync(`apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit', env });
  } catch (error) {
    console.log(`[headway] could not install ${missing.join(' ')}: ${error.message}; PDF exports will be refused`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFonts({ withTools: process.argv.includes('--tools') });
