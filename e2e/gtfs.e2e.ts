import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { RouteRow } from '../packages/server/src/contract/basic-lines.ts';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import { tinyFeed } from '../packages/server/src/lines/testing/tiny-feed.ts';
import { zipBytes } from '../packages/server/src/lines/testing/zip-writer.ts';
import { ARTIFACTS, closeSession, login, openSession, shot } from './support/browser.ts';
import { emptyDeployment } from './support/empty-deployment.ts';

// GTFS import from the console end to end (issue 14), on an empty deployment of this file's own server: the
// operator opens Basic → Line's GTFS menu, uploads a feed, watches the job's bar to the end, reads the report and
// sees the lines in the list; importing it again says nothing changed. Screenshots of the dialog in en, zh, th.

const EMPTY = { company: 'GTFS Operator', account: 'gtfs-operator', password: 'e2e-Operator-2026' };

/**
 * The tiny two-line feed with a day of trips every half minute on its first line, so the job runs long enough to
 * be watched (about 3,000 trips, 8,000 stop times) and still imports in seconds.
 */
function watchableFeed(): Buffer {
  const feed = tinyFeed();
  feed['routes.txt'] += 'R2,A,T2,Harbour - Hill,3,0088FF\n';
  const trips: string[] = [];
  const times: string[] = [];
  const clock = (s: number) =>
    [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  for (let i = 0; i < 1440; i++) {
    const start = 5 * 3600 + i * 30;
    for (const [route, dir, stops] of [
      ['R1', 0, ['S1', 'S2', 'S3']],
      ['R2', 1, ['S3', 'S1']],
    ] as const) {
      const trip = `${route}-${dir}-${i}`;
      trips.push(`${route},WK,${trip},Day trip,${dir},D${i % 40},${dir === 0 ? 'SH0' : 'SH1'}`);
      for (const [k, stop] of stops.entries()) {
        times.push(`${trip},${clock(start + k * 120)},${clock(start + k * 120)},${stop},${k + 1}`);
      }
    }
  }
  feed['trips.txt'] += `\n${trips.join('\n')}\n`;
  feed['stop_times.txt'] += `\n${times.join('\n')}\n`;
  return zipBytes(feed);
}

const FEED = watchableFeed();

const deployment = emptyDeployment('gtfs', EMPTY);

async function openImport(page: Page): Promise<void> {
  await page.goto('/basic/route');
  // The list's chunk and first page: slow on the shared machine under load.
  await page.getByTestId('route-page').waitFor({ timeout: 60_000 });
  await page.getByTestId('gtfs-menu').click();
  await page.getByTestId('gtfs-menu-import').click();
  await page.getByTestId('gtfs-import-dialog').waitFor();
  await page
    .getByTestId('gtfs-import-dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'harbour-gtfs.zip', mimeType: 'application/zip', buffer: FEED });
}

/** Starts the import and waits for the report; answers the outcome's state. */
async function runImport(page: Page): Promise<string | null> {
  await page.getByTestId('gtfs-import-start').click();
  const outcome = page.getByTestId('gtfs-import-outcome');
  await outcome.waitFor({ timeout: 120_000 });
  return outcome.getAttribute('data-state');
}

it('imports a feed from the console: the bar runs to the end, the report counts it, the list shows the lines', async () => {
  const { page } = deployment.session;
  await openImport(page);
  await shot(page, 'gtfs-import-chosen-en.png');
  await page.getByTestId('gtfs-import-start').click();
  // The job's bar with its stage, watched while it moves.
  const bar = page.getByTestId('gtfs-import-progress');
  await bar.waitFor();
  await expect
    .poll(async () => (await bar.isVisible()) && (await page.getByTestId('gtfs-import-stage').textContent()))
    .toBeTruthy();
  // At once (shot() waits for overlays to settle, by which time a small job has finished).
  await page.screenshot({ path: join(ARTIFACTS, 'gtfs-import-progress-en.png') });
  const outcome = page.getByTestId('gtfs-import-outcome');
  await outcome.waitFor({ timeout: 120_000 });
  expect(await outcome.getAttribute('data-state')).toBe('done');
  await expect.poll(() => page.getByTestId('gtfs-import-result').textContent()).toContain('Import finished');
  const lines = page.getByTestId('gtfs-import-count-lines').locator('td');
  expect(await lines.allTextContents()).toEqual(['Lines', '2', '0', '0', '0']);
  const trips = page.getByTestId('gtfs-import-count-trips').locator('td');
  expect((await trips.allTextContents())[1]).toBe(String(4 + 2 * 1440));
  await shot(page, 'gtfs-import-report-en.png');

  await page.getByTestId('gtfs-import-close').click();
  await page.getByTestId('route-row-T1').waitFor();
  await page.getByTestId('route-row-T2').waitFor();
  const listed = await deployment.api.get<ListResult<RouteRow>>('/basic/routes');
  expect(listed.result.rows.map((r) => r.route_code).sort()).toEqual(['T1', 'T2']);
}, 180_000);

it('imports the same feed again: nothing changed', async () => {
  const { page } = deployment.session;
  await openImport(page);
  expect(await runImport(page)).toBe('done');
  await expect
    .poll(() => page.getByTestId('gtfs-import-result').textContent())
    .toContain('Nothing changed: the company already holds this feed');
  const lines = page.getByTestId('gtfs-import-count-lines').locator('td');
  expect(await lines.allTextContents()).toEqual(['Lines', '0', '0', '2', '0']);
}, 180_000);

for (const [locale, language, nothing] of [
  ['zh-CN', 'zh', '没有改动'],
  ['th-TH', 'th', 'ไม่มีอะไรเปลี่ยน'],
] as const) {
  it(`shows the dialog in ${language}`, async () => {
    const other = await openSession(deployment.browser, `gtfs-${language}`, locale, deployment.server.url);
    try {
      await login(other.page, EMPTY.account, EMPTY.password);
      await openImport(other.page);
      await shot(other.page, `gtfs-import-chosen-${language}.png`);
      expect(await runImport(other.page)).toBe('done');
      await expect.poll(() => other.page.getByTestId('gtfs-import-result').textContent()).toContain(nothing);
      await shot(other.page, `gtfs-import-report-${language}.png`);
    } finally {
      await closeSession(other);
    }
  }, 180_000);
}
