import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type AlarmVehicle, alarmVehicle } from './support/alarm-terminal.ts';
import {
  baseUrl,
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';
import { driveHistory, type HistoryRun } from './support/history-terminal.ts';
import { infoBoxOf } from './support/info-box.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Track playback end to end: a demo bus drove its line over the last hour (its terminal uploads the window
// through the real gateway); a dispatcher searches that hour, plays at 5×, pauses, jumps from the table and locks
// the viewport, and the info panel and the speed gauge follow the playing point.

let browser: Browser;
let session: Session;
let history: HistoryRun;
/** A bus reporting live every second, for the trace window. */
let liveBus: AlarmVehicle;

beforeAll(async () => {
  const admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  // 60 minutes at 10 s: 361 points at 25 km/h, ending a minute ago (inside the screen's "last 1 hour").
  history = await driveHistory(admin, inject('gatewayPort'), { fromEnd: 5, minutes: 55, speedKmh: 25 });
  liveBus = await alarmVehicle(admin, inject('gatewayPort'), 6);
  browser = await launch();
}, 120_000);
keepArtifactsOnFailure(() => session, 'track-playback');
afterAll(async () => {
  liveBus?.stop();
  if (session) await closeSession(session);
  await browser?.close();
});

const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();

/** The player's position as shown: "12 / 361" → 12. */
async function position(page: Page): Promise<number> {
  return Number((await text(page.getByTestId('track-position'))).split('/')[0]);
}

/** Whether the marker's icon is inside the map less the lock margins (200 px, 175 px). */
async function markerInsideInner(page: Page): Promise<boolean> {
  const map = await page.getByTestId('map-canvas').boundingBox();
  const icon = await page.locator('.hw-track-marker__icon').first().boundingBox();
  if (!map || !icon) return false;
  const x = icon.x + icon.width / 2 - map.x;
  const y = icon.y + icon.height / 2 - map.y;
  return x >= 200 - 2 && x <= map.width - 200 + 2 && y >= 175 - 2 && y <= map.height - 175 + 2;
}

it('searches the last hour, plays at 5×, pauses, jumps from the table, locks the viewport', async () => {
  session = await openSession(browser, 'track-playback');
  const { page } = session;
  await login(page, 'dispatcher');
  await page.goto('/monitoring/track-playback');
  await page.getByTestId('track-search').waitFor();
  const car = history.car;

  // Search: the bus by name in the vehicle selector, the default "last 1 hour", speed > 0 on.
  await page.getByTestId('track-vehicles').click();
  await page.keyboard.type(car.car_name);
  await page.locator('.ant-select-item-option', { hasText: car.car_name }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('track-submit').click();
  const info = page.getByTestId('track-info');
  await info.waitFor();

  // After a query: position 0 of every point, 1×, the first point's time.
  const total = history.points;
  await expect.poll(() => text(page.getByTestId('track-position'))).toBe(`1 / ${total}`);
  expect(await text(page.getByTestId('track-info-index'))).toBe(`1 / ${total}`);
  expect(await text(page.getByTestId('track-info-vehicle'))).toContain(car.car_name);
  expect(await text(page.getByTestId('track-speed'))).toBe('1×');
  const gauge = page.getByTestId('speed-gauge');
  expect(await gauge.getAttribute('data-value')).toBe('25');
  expect(await text(page.getByTestId('track-info-speed'))).toBe('25 km/h');
  const firstTime = await text(page.getByTestId('track-info-time'));
  await expect.poll(() => page.getByTestId('track-marker').count()).toBe(1);
  await shot(page, 'track-playback-result.png');

  // Play at 5× (100 ms a point): the position, the time and the point index move on together.
  await page.getByTestId('track-speed').click();
  await page.locator('.ant-dropdown:visible').getByTestId('track-speed-5').click();
  await expect.poll(() => text(page.getByTestId('track-speed'))).toBe('5×');
  await page.getByTestId('track-play').click();
  await expect.poll(() => position(page), { timeout: 10_000 }).toBeGreaterThan(15);
  await shot(page, 'track-playback-playing.png');
  await page.getByTestId('track-play').click();
  await expect.poll(() => page.getByTestId('track-play').getAttribute('data-playing')).toBe('false');
  const paused = await position(page);
  expect(await text(page.getByTestId('track-info-index'))).toBe(`${paused} / ${total}`);
  expect(await text(page.getByTestId('track-info-time'))).not.toBe(firstTime);
  // Paused stays paused.
  await page.waitForTimeout(600);
  expect(await position(page)).toBe(paused);
  // 5× is about ten points a second: 15 points in well under the 1× pace's 18 s.
  expect(paused).toBeLessThan(total);

  // The table, 20 a page: a double-click on page 3's fifth row (point 45) jumps the player there.
  await page.getByTestId('track-table-toggle').click();
  const table = page.getByTestId('track-table');
  await table.locator('.ant-pagination-item-3').click();
  const row = table.locator('tr[data-position="44"]');
  await row.waitFor();
  await row.dblclick();
  await expect.poll(() => position(page)).toBe(45);
  expect(await text(page.getByTestId('track-info-index'))).toBe(`45 / ${total}`);
  const rowTime = await text(row.locator('td').nth(3));
  expect(await text(page.getByTestId('track-info-time'))).toBe(rowTime);
  expect(await gauge.getAttribute('data-value')).toBe('25');
  await shot(page, 'track-playback-table-jump.png');

  // The last point, 20+ km along the line: without the lock the bus is out of the view framed on the first point.
  await table.locator('.ant-pagination-item').last().click();
  // The last page's own last row, not the previous page's still on screen while the table re-renders.
  await table.locator(`tr[data-position="${total - 1}"]`).dblclick();
  await expect.poll(() => position(page)).toBe(total);
  await page.getByTestId('track-table-toggle').click();
  await table.waitFor({ state: 'hidden' });
  expect(await markerInsideInner(page)).toBe(false);
  // Locking brings it inside the inner area at once.
  await page.getByTestId('track-switch-locked').click();
  await expect.poll(() => markerInsideInner(page)).toBe(true);
  await shot(page, 'track-playback-locked-end.png');
  // Back to the first point (the timeline's Home key), and play: the locked view keeps the bus inside.
  await page.getByTestId('track-timeline').locator('input').focus();
  await page.keyboard.press('Home');
  await expect.poll(() => position(page)).toBe(1);
  await expect.poll(() => markerInsideInner(page)).toBe(true);
  await page.getByTestId('track-play').click();
  for (let i = 0; i < 5; i++) {
    await page.waitForTimeout(700);
    expect(await markerInsideInner(page)).toBe(true);
  }
  await page.getByTestId('track-play').click();
  const at = await position(page);
  expect(at).toBeGreaterThan(10);
  // The info panel and the gauge show the point the player stopped at.
  expect(await text(page.getByTestId('track-info-index'))).toBe(`${at} / ${total}`);
  expect(await gauge.getAttribute('data-value')).toBe('25');
  await shot(page, 'track-playback-locked.png');
}, 120_000);

it('measures a polyline: running distances, right-click ends it', async () => {
  const { page } = session;
  await page.getByTestId('track-switch-locked').click();
  await page.getByTestId('track-measure').click();
  await expect.poll(() => text(page.getByTestId('measure-hint'))).toBe('Click to add points, right-click to finish');
  const map = (await page.getByTestId('map-canvas').boundingBox()) as { x: number; y: number };
  await page.mouse.click(map.x + 150, map.y + 450);
  await page.mouse.click(map.x + 350, map.y + 450);
  await page.mouse.click(map.x + 350, map.y + 300, { button: 'right' });
  // Right-click ended the line at its second point: 200 px at zoom 16 is 200 × 2.39 m × cos 40.6° ≈ 362 m on the
  // ground here (the measure is geodesic, not Mercator metres).
  const total = async () => /Total (\d+) m/.exec(await text(page.getByTestId('measure-hint')))?.[1];
  await expect.poll(total).toBeDefined();
  const metres = Number(await total());
  expect(metres).toBeGreaterThan(340);
  expect(metres).toBeLessThan(385);
  // A later click starts a new line rather than extending the ended one.
  await page.mouse.click(map.x + 150, map.y + 250);
  await page.mouse.click(map.x + 150, map.y + 150);
  await page.mouse.click(map.x + 450, map.y + 150);
  await page.mouse.click(map.x + 450, map.y + 150, { button: 'right' });
  await expect.poll(async () => Number(await total())).toBeGreaterThan(metres);
  await shot(page, 'track-playback-measure.png');
  await page.getByTestId('track-measure').click();
  await page.getByTestId('measure-hint').waitFor({ state: 'hidden' });
});

it('warns instead of searching without a vehicle or line', async () => {
  const { page } = session;
  await page.getByTestId('track-vehicles').locator('.ant-select-clear').click({ force: true });
  await page.getByTestId('track-submit').click();
  await page.locator('.ant-message-notice', { hasText: 'Choose a line or at least one vehicle' }).waitFor();
});

it("the map-replay window replays the bus's last hour from the live map's info box", async () => {
  const { page } = session;
  const box = await infoBoxOf(page, history.car.car_name);
  await box.getByTestId('info-action-mapReplay').click();
  const win = page.locator('.ant-modal', { hasText: `Map replay · ${history.car.car_name}` });
  // It searches the last hour as it opens.
  await win.getByTestId('track-info').waitFor();
  await expect.poll(() => text(win.getByTestId('track-position'))).toBe(`1 / ${history.points}`);
  await win.getByTestId('track-speed').click();
  await page.locator('.ant-dropdown:visible').getByTestId('track-speed-5').click();
  await expect.poll(() => text(win.getByTestId('track-speed'))).toBe('5×');
  await win.getByTestId('track-play').click();
  await expect
    .poll(async () => Number((await text(win.getByTestId('track-position'))).split('/')[0]), { timeout: 10_000 })
    .toBeGreaterThan(20);
  await win.getByTestId('track-play').click();
  const box2 = await win.boundingBox();
  expect(box2?.width).toBe(1000);
  // Every tool window moves by its title bar, so the map under it stays readable.
  const frame = win.getByTestId('tool-window-frame');
  const before = await frame.boundingBox();
  const handle = await win.getByTestId('tool-window-handle').boundingBox();
  if (!before || !handle) throw new Error('the window has no title bar to drag');
  const grab = { x: handle.x + 20, y: handle.y + handle.height / 2 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x - 150, grab.y + 60, { steps: 5 });
  await page.mouse.up();
  const after = await frame.boundingBox();
  expect([Math.round((after?.x ?? 0) - before.x), Math.round((after?.y ?? 0) - before.y)]).toEqual([-150, 60]);
  await shot(page, 'track-map-replay-window.png');
  await win.locator('.ant-modal-close').click();
  await win.waitFor({ state: 'hidden' });
});

it('the trace window follows a live bus: trail, gauge, lock', async () => {
  const { page } = session;
  const name = liveBus.car.car_name;
  const box = await infoBoxOf(page, name);
  await box.getByTestId('info-action-trace').click();
  const win = page.locator('.ant-modal', { hasText: `Tracking · ${name}` });
  const map = win.getByTestId('trace-map');
  await map.waitFor();
  // The bus reports every second: the trail grows, the gauge shows its 25 km/h.
  await expect.poll(async () => Number(await map.getAttribute('data-points')), { timeout: 15_000 }).toBeGreaterThan(3);
  expect(await win.getByTestId('speed-gauge').getAttribute('data-value')).toBe('25');
  await expect.poll(() => win.getByTestId('track-marker').count()).toBe(1);
  await shot(page, 'track-trace-window.png');
  await win.locator('.ant-modal-close').click();
  await win.waitFor({ state: 'hidden' });
});
