import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

// Accessibility checks with axe-core: its own source is evaluated in the page (through the DevTools protocol, so a
// Content-Security-Policy cannot block it) and run against what the page shows now.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What fails a screen: the two worst of axe's four impact levels. */
const FAILING: readonly ImpactValue[] = ['serious', 'critical'];

/**
 * The serious and critical violations on the page, one line each (rule, impact, the first offending elements),
 * so a failing test says what to fix. `exclude` leaves out parts another check owns (e.g. a closed popup).
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // Judge the page at rest: no pointer hovering a control, no dialog or menu halfway through its animation.
  await page.mouse.move(0, 0);
  // Endless ones (a spinner, the live badge's pulse) never finish: wait only for those that end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    async (excluded) =>
      (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
        }
      ).axe.run(
        { include: [['body']], exclude: excluded.map((s) => [s]) },
        { resultTypes: ['violations'], runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
      ),
    exclude,
  );
  return results.violations
    .filter((v) => v.impact && FAILING.includes(v.impact))
    .map((v) => {
      const where = v.nodes
        .slice(0, 6)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`)
        .join(' | ');
      return `${v.id} (${v.impact}): ${v.help} — ${where}`;
    });
}
