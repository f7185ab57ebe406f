import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, it } from 'vitest';
import type { LineHeadways, TrafficRow } from '../packages/server/src/contract/line-map.ts';
import type { OwnLine } from '../packages/server/src/contract/vehicles.ts';
import { axeViolations } from './support/axe.ts';
import { baseUrl, closeSession, launch, login, openSession, type Session, shot } from './support/browser.ts';
import { driveHistory, type HistoryRun } from './support/history-terminal.ts';
import { driveLine, type LineFleet, pickLine } from './support/line-terminal.ts';
import { pathLength } from './support/path-walk.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// The line map end to end (issue 12): four buses of one line drive its first direction one behind the other through
// the real gateway, the last two close together; the console shows them in order with the headways between them and
// flags the close pair as bunching. A traffic state set in one browser shows in another's line map. The emulated
// replay plays an hour of one bus's station events and redraws when its slider moves.

let browser: Browser;
let admin: HeadwayClient;
let fleet: LineFleet;
let scheduled: number;
let history: HistoryRun;
const sessions: Session[] = [];

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  const picked = await pickLine(admin, 4);
  scheduled = picked.scheduled;
  // Departures: the front pair a scheduled headway apart, then a fifth of one (bunching: under half), the last bus
  // four minutes ago so it has passed a few stations.
  const s = scheduled;
  const departedAgo = [240 + 2.2 * s, 240 + 1.2 * s, 240 + 0.2 * s, 240];
  // Slow enough that the front bus is still short of the terminal after the test's minutes.
  const length = pathLength(picked.line.directions[0]?.path ?? '');
  const speedKmh = Math.min(25, Math.max(8, ((0.8 * length) / (departedAgo[0] as number)) * 3.6));
  const gatewayPort = inject('gatewayPort');
  [fleet, history] = await Promise.all([
    driveLine(gatewayPort, { line: picked.line, cars: picked.cars, departedAgo, speedKmh }),
    driveHistory(admin, gatewayPort, { fromEnd: 7, minutes: 60, speedKmh: 25 }),
  ]);
  browser = await launch();
}, 180_000);

afterEach(async () => {
  // Pages left open in other contexts would run in the background (throttled animations) during the next test.
  for (const s of sessions.splice(0)) await closeSession(s);
});

afterAll(async () => {
  fleet?.stop();
  await browser?.close();
});

/** A browser on the line map showing `codes` (the picker's remembered choice). */
async function openLineMap(name: string, account: string, codes: string[], locale?: string): Promise<Page> {
  const session = await openSession(browser, name, locale);
  sessions.push(session);
  const { page } = session;
  await page.addInitScript((picked) => localStorage.setItem('headway_line_map_lines', picked), JSON.stringify(codes));
  await login(page, account);
  await page.goto('/monitoring/line-map');
  await page.getByTestId('line-map').waitFor();
  return page;
}

/** Picks options of the settings dialog's line-map tab (it opens on that tab on the line map). */
async function lineMapSettings(page: Page, options: string[]): Promise<void> {
  await page.getByTestId('avatar-menu').click();
  await page.getByTestId('open-settings').click();
  const dialog = page.locator('.hw-settings');
  for (const option of options) await dialog.getByText(option, { exact: true }).click();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

function card(page: Page, code: string): Locator {
  return page.locator(`[data-testid="line-card"][data-line="${code}"]`);
}

async function headwaysNow(code: string): Promise<LineHeadways> {
  return (await admin.get<LineHeadways>(`/dispatch/headways?route_code=${encodeURIComponent(code)}`)).result;
}

it('shows the line’s buses in order with the headways between them, and flags the bunched pair', async () => {
  const code = fleet.line.route_code;
  const page = await openLineMap('line-map', 'dispatcher', [code]);
  const line = card(page, code);
  const up = line.locator(`[data-testid="line-direction"][data-direction="${fleet.line.directions[0]?.direction}"]`);
  const names = fleet.buses.map((b) => b.car.car_name);

  // Every bus is drawn on the up direction's track, front first in the order they left.
  await expect
    .poll(
      async () => {
        const chips = up.getByTestId('line-vehicle');
        const at = new Map<string, number>();
        for (const chip of await chips.all()) {
          const pos = Number(await chip.getAttribute('data-pos'));
          at.set((await chip.getAttribute('data-vehicle')) ?? '', pos);
        }
        return (
          names.every((n) => Number.isFinite(at.get(n))) &&
          names.every((n, i) => i === 0 || (at.get(names[i - 1] as string) as number) > (at.get(n) as number))
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // A headway label between each pair, as the server measures it; the pair a fifth of the schedule apart is bunching.
  const imeis = fleet.buses.map((b) => b.car.imei);
  const gap = (behind: number) =>
    up.locator(`[data-testid="headway-gap"][data-behind="${imeis[behind]}"][data-ahead="${imeis[behind - 1]}"]`);
  await expect.poll(() => gap(3).getAttribute('data-state'), { timeout: 30_000 }).toBe('bunching');
  for (const i of [1, 2, 3]) await gap(i).waitFor();
  const served = (await headwaysNow(code)).directions.find((d) => d.direction === fleet.line.directions[0]?.direction);
  const order = served?.vehicles.map((v) => v.imei).filter((i) => imeis.includes(i));
  expect(order).toEqual(imeis);
  for (const i of [1, 2]) {
    const expected = served?.vehicles.find((v) => v.imei === imeis[i])?.state;
    expect(await gap(i).getAttribute('data-state')).toBe(expected);
  }
  // The bunched pair: minutes apart well under half the scheduled headway, as the label says.
  const title = (await gap(3).getAttribute('title')) ?? '';
  expect(title).toContain('Bunching');
  expect(title).toContain(fleet.buses[2]?.car.car_name ?? '?');
  await expect.poll(async () => (await line.getByTestId('line-running').textContent()) ?? '').toMatch(/[4-9] running/);
  await line.getByTestId('line-regularity').waitFor();
  await line.getByTestId('line-timetable').waitFor();
  await shot(page, 'line-map.png');
  // WCAG 2.1 A/AA without a serious or critical violation (e2e/accessibility.e2e.ts's rule for every screen).
  await page.bringToFront();
  expect(await axeViolations(page)).toEqual([]);

  // The settings dialog opens on its line-map tab here: the vertical layout draws the same buses, the timetable
  // becomes a table. Back to compact and cards afterwards (the settings are the dispatcher's, kept on the server).
  await lineMapSettings(page, ['Vertical', 'Table']);
  await line.locator('.hw-ld-dir--vertical').first().waitFor();
  await expect.poll(() => line.getByTestId('line-vehicle').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await shot(page, 'line-map-vertical.png');
  await line.getByTestId('line-timetable').click();
  const table = line.locator('.hw-line-card__departures[data-view="table"]');
  await table.locator('.ant-table-row').first().waitFor();
  await table.scrollIntoViewIfNeeded();
  await shot(page, 'line-map-timetable.png');
  await lineMapSettings(page, ['Compact', 'Cards']);
  await line.locator('.hw-ld-dir--compact').first().waitFor();

  // A second line from the picker, the two side by side in two columns; then back to one.
  const other = (await admin.get<OwnLine[]>('/basic/routes/own')).result.find((l) => l.route_code !== code);
  if (!other) throw new Error('one demo line only');
  await lineMapSettings(page, ['2 columns']);
  await page.getByTestId('line-picker').click();
  await page.keyboard.type(other.route_code);
  await page.locator('.ant-select-item-option', { hasText: other.route_code }).first().click();
  await page.keyboard.press('Escape');
  await card(page, other.route_code).getByTestId('line-diagram').waitFor();
  const [a, b] = [await line.boundingBox(), await card(page, other.route_code).boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x + a.width - 1).toBe(true);
  await shot(page, 'line-map-columns.png');
  await lineMapSettings(page, ['1 column']);
}, 120_000);

it('a traffic state set in one browser shows in another browser’s line map', async () => {
  const code = fleet.line.route_code;
  const station = fleet.line.directions[0]?.stations[2];
  if (!station) throw new Error('line without stations');
  const [editor, watcher] = [
    await openLineMap('traffic-editor', 'dispatcher', [code]),
    // The second console works in Chinese: the same states under their translated names.
    await openLineMap('traffic-watcher', 'admin', [code], 'zh-CN'),
  ];
  const dot = (page: Page) => card(page, code).locator(`[data-testid="line-station"][data-station="${station.id}"]`);
  await dot(watcher).waitFor();
  expect(await dot(watcher).getAttribute('data-traffic')).toBe('0');

  await card(editor, code).getByTestId('open-traffic').click();
  const window = editor.getByTestId('traffic-window');
  const states = editor.locator(`[data-testid="traffic-state"][data-station="${station.id}"]`);
  await states.waitFor();
  await states.getByText('Jam', { exact: true }).click();
  await editor.getByText('Traffic state saved').waitFor();
  await shot(editor, 'line-map-traffic-window.png');
  await editor.bringToFront();
  expect(await axeViolations(editor)).toEqual([]);

  // The other console hears it on the live channel, without reloading.
  await expect.poll(() => dot(watcher).getAttribute('data-traffic'), { timeout: 10_000 }).toBe('3');
  expect(await dot(watcher).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(220, 38, 38)');
  const rows = (await admin.get<TrafficRow[]>(`/dispatch/traffic?route_code=${encodeURIComponent(code)}`)).result;
  expect(rows.find((r) => r.key === station.id)).toMatchObject({ traffic_status: 3, updated_by: 'dispatcher' });
  await card(watcher, code).getByTestId('open-traffic').getByText('路况').waitFor();
  expect(await dot(watcher).getAttribute('title')).toContain('路况：拥堵');
  await shot(watcher, 'line-map-traffic-live.png');

  // And back: the editor's own line map follows too.
  await states.getByText('Default', { exact: true }).click();
  await expect.poll(() => dot(watcher).getAttribute('data-traffic'), { timeout: 10_000 }).toBe('0');
  await expect.poll(() => dot(editor).getAttribute('data-traffic')).toBe('0');
  await window.locator('.ant-modal-close').click();
}, 90_000);

it('plays an hour of station events, pauses, and redraws when the slider moves', async () => {
  const car = history.car;
  const page = await openLineMap('emulated-replay', 'dispatcher', [car.route_code]);
  await card(page, car.route_code).getByTestId('open-emulated-replay').click();
  const window = page.getByTestId('emulated-replay-window');
  const player = window.getByTestId('replay-player');
  const position = window.getByTestId('replay-position');
  const at = async () => Number(await position.getAttribute('data-position'));
  const total = async () => Number(await position.getAttribute('data-total'));

  // Opened from the line: its last hour is searched and plays at once.
  await expect.poll(total, { timeout: 20_000 }).toBeGreaterThan(20);

  // The bus alone: its trip starts are marked on the slider, and it autoplays from the start.
  await window.getByTestId('replay-vehicle').click();
  await page.keyboard.type(car.car_name);
  await page.locator('.ant-select-item-option', { hasText: car.car_name }).first().click();
  await window.getByTestId('replay-search-button').click();
  const toggle = player.getByTestId('replay-toggle');
  await expect.poll(() => toggle.getAttribute('data-playing')).toBe('true');
  const events = await total();
  expect(events).toBeGreaterThan(20);
  expect(await position.locator('.ant-slider-dot').count()).toBeGreaterThan(0);
  await expect.poll(at, { timeout: 5_000 }).toBeGreaterThan(0);

  // Pause holds the position (a step is a second at 1×).
  await toggle.click();
  await expect.poll(() => toggle.getAttribute('data-playing')).toBe('false');
  const paused = await at();
  await page.waitForTimeout(1500);
  expect(await at()).toBe(paused);

  // The slider near the start: the drawing is redone from the first event up to there.
  const slider = position.locator('.ant-slider');
  const box = await slider.boundingBox();
  if (!box) throw new Error('no slider');
  await page.mouse.click(box.x + box.width * 0.1, box.y + box.height / 2);
  await expect.poll(at).toBeLessThan(events * 0.2);
  const early = await at();
  const earlyText = await window.getByTestId('replay-now').textContent();
  const chip = window
    .getByTestId('replay-stage')
    .locator(`[data-testid="line-vehicle"][data-vehicle="${car.car_name}"]`);
  await chip.waitFor();
  const earlyPos = await chip.getAttribute('data-pos');

  // Speed 5 (100 ms a step) and play on from there.
  await window.getByTestId('replay-speed').locator('.ant-slider-handle').focus();
  await page.keyboard.press('End');
  await expect.poll(() => window.getByTestId('replay-speed').getAttribute('data-speed')).toBe('5');
  await toggle.click();
  await expect.poll(at, { timeout: 2_500 }).toBeGreaterThanOrEqual(Math.min(events, early + 8));
  await shot(page, 'emulated-replay.png');
  await toggle.click();

  // Far on: a later event, the bus elsewhere.
  await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect.poll(at).toBeGreaterThan(events * 0.8);
  expect(await window.getByTestId('replay-now').textContent()).not.toBe(earlyText);
  await expect.poll(() => chip.getAttribute('data-pos')).not.toBe(earlyPos);
  await shot(page, 'emulated-replay-seek.png');
  await page.bringToFront();
  expect(await axeViolations(page)).toEqual([]);
}, 120_000);
