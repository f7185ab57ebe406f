import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteDetail, RouteRow } from '../packages/server/src/contract/basic-lines.ts';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import {
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Basic data for lines end to end (issue 14), from an empty deployment (HEADWAY_DEMO=0 and one administrator, on
// this file's own server): the operator adds a line, draws its up direction on the map (offline: no tiles) and
// places stations on it by clicking, copies it reversed as the way back, and saves; the line is stored checked,
// with both directions, their stations and the bus stops the stations became.

const EMPTY = { company: 'New Operator', account: 'operator', password: 'e2e-Operator-2026' };

let server: RunningServer;
let browser: Browser;
let session: Session;
let api: HeadwayClient;

beforeAll(async () => {
  server = await startServer({ empty: EMPTY });
  api = new HeadwayClient(server.url);
  expect((await api.login(EMPTY.account, EMPTY.password)).code).toBe(0);
  browser = await launch();
  session = await openSession(browser, 'basic-lines', 'en-US', server.url);
  await login(session.page, EMPTY.account, EMPTY.password);
}, 120_000);
keepArtifactsOnFailure(() => session, 'basic-lines');
afterAll(async () => {
  if (session) await closeSession(session);
  await browser?.close();
  await server?.stop();
});

async function mapBox(page: Page) {
  const box = await page.getByTestId('line-editor-map').boundingBox();
  if (!box) throw new Error('no editor map');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

it('starts empty: no line, no stop', async () => {
  expect((await api.get<ListResult<RouteRow>>('/basic/routes')).result.total).toBe(0);
  expect((await api.get<ListResult<unknown>>('/basic/busstops')).result.total).toBe(0);
});

it('adds a line, draws two directions with their stations and saves them checked', async () => {
  const { page } = session;
  await page.goto('/basic/route');
  await page.getByTestId('route-page').waitFor();
  await page.getByTestId('route-page-add').click();
  await page.getByTestId('route-form-code').fill('E14');
  await page.getByTestId('route-form-name').fill('Harbour Loop Express');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId('route-row-E14').waitFor();
  await shot(page, 'basic-lines-list.png');

  await page.getByTestId('route-draw-E14').click();
  await page.getByTestId('line-editor').waitFor();
  const c = await mapBox(page);
  // The up direction's path: three points west to east, a double-click finishes it.
  await page.mouse.click(c.x - 240, c.y + 40);
  await page.mouse.click(c.x, c.y - 40);
  await page.mouse.dblclick(c.x + 240, c.y - 40);
  await page.getByTestId('line-editor-place').click();
  // Stations on the path, placed out of order: the editor keeps them in running order.
  await page.mouse.click(c.x - 240, c.y + 40);
  await page.mouse.click(c.x + 240, c.y - 40);
  await page.mouse.click(c.x - 120, c.y);
  await page.mouse.click(c.x + 120, c.y - 40);
  const rows = page.getByTestId('line-editor-stations').locator('tbody tr.ant-table-row');
  await expect.poll(() => rows.count()).toBe(4);
  await page.getByLabel('Station 1', { exact: true }).fill('Harbour');
  await page.getByLabel('Station 4', { exact: true }).fill('Old Town');
  await expect.poll(() => page.getByTestId('line-editor-total').textContent()).toMatch(/4 stations/);
  await shot(page, 'basic-lines-editor-up.png');

  // A two-way line without its way back does not pass the check (failure 2, incomplete).
  await page.getByTestId('line-editor-save').click();
  await expect.poll(() => page.getByTestId('line-editor-failures').textContent()).toContain('2 Incomplete');

  await page.getByTestId('line-editor-direction').getByText('Down').click();
  await page.getByTestId('line-editor-copy-reverse').click();
  await expect.poll(() => rows.count()).toBe(4);
  await shot(page, 'basic-lines-editor-down.png');
  await page.getByTestId('line-editor-save').click();
  await page.getByTestId('line-editor').waitFor({ state: 'detached' });
  await expect.poll(async () => (await page.getByTestId('route-row-E14').textContent()) ?? '').toContain('2 · Checked');
  await shot(page, 'basic-lines-saved.png');

  const listed = await api.get<ListResult<RouteRow>>('/basic/routes?search=E14');
  const line = await api.get<RouteDetail>(`/basic/routes/${listed.result.rows[0]?.id}`);
  expect(line.result.directions.map((d) => [d.direction, d.station_count, d.is_checked])).toEqual([
    [1, 4, 1],
    [2, 4, 1],
  ]);
  const up = line.result.directions[0];
  expect(up?.stations.map((s) => s.station_name)).toEqual(['Harbour', 'Station 3', 'Station 4', 'Old Town']);
  expect(up?.distance).toBe(up?.stations.at(-1)?.distance);
  expect(line.result.directions[1]?.stations[0]?.station_name).toBe('Old Town');
  // Every station is a bus stop; the way back shares the up direction's stops.
  expect((await api.get<ListResult<unknown>>('/basic/busstops')).result.total).toBe(4);
});

it('shows the bus stops the stations became, and all of them on one map', async () => {
  const { page } = session;
  await page.goto('/basic/bus-stop');
  await page.getByTestId('bus-stop-page').waitFor();
  await expect.poll(() => page.locator('.ant-table-row').count()).toBe(4);
  await page.getByTestId('bus-stop-page-union').click();
  await page.getByTestId('stop-union-map').waitFor();
  await shot(page, 'basic-lines-stops-union.png');
});
