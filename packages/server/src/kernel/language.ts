import { LANGUAGES, type Language } from '@headway/spec';

// The console's three languages (spec section 1, @headway/spec labels.ts). Anything else falls back to English.
export { LANGUAGES, type Language };

/**
 * Picks the caller's language from an Accept-Language header, honouring q-values:
 * `th-TH,th;q=0.9,en;q=0.8` → 'th', `zh-CN` → 'zh', `fr` → 'en'.
 */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if ((LANGUAGES as readonly string[]).includes(entry.base)) return entry.base as Language;
  }
  return 'en';
}
