import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestTerminal } from '../packages/server/src/gateway/testing/terminal.ts';
import { baseUrl, closeSession, launch, openSession, type Session, shot } from './support/browser.ts';
import { along, type MapServer, mapServer, reportDemoFleet, sendFix } from './support/live-map.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Monitoring → Map end to end: real terminals report through the gateway, the dispatcher opens the map,
// finds a vehicle in the tree and reads its info box. No internet here, so tiles fail and the map shows
// its quiet notice over a plain background: lines, stations and vehicles must still be there.

let browser: Browser;
let server: MapServer;
let terminals: TestTerminal[] = [];
let cars: string[] = [];
let drives: { path: string; fraction: number }[] = [];
let lines: string[] = [];

beforeAll(async () => {
  server = mapServer(baseUrl());
  ({ terminals, cars, drives, lines } = await reportDemoFleet(server, 48));
  browser = await launch();
});
afterAll(async () => {
  for (const t of terminals) t.close();
  await browser?.close();
});

async function signIn(page: Page, account: string): Promise<void> {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('layout').waitFor();
}

/** "4.16 km" or "850 m" in metres; NaN for "--". */
function metres(text: string): number {
  const m = /([\d.]+)\s*(k?m)\b/.exec(text);
  return m ? Number(m[1]) * (m[2] === 'km' ? 1000 : 1) : Number.NaN;
}

/** Vehicles drawn by the WebGL layer, read from the map's layer list (the canvas has no DOM per vehicle). */
async function drawnVehicles(page: Page): Promise<number> {
  return page.evaluate(() => {
    const el = document.querySelector('[data-testid="map-canvas"] .ol-viewport');
    return el ? Number((el.closest('[data-testid="monitoring-map"]') as HTMLElement | null)?.dataset.vehicles ?? 0) : 0;
  });
}

it('shows the fleet on the map, finds a vehicle in the tree and opens its info box', async () => {
  expect(cars.length).toBeGreaterThan(10);
  const session: Session = await openSession(browser, 'live-map');
  const { page } = session;
  await signIn(page, 'dispatcher');
  await page.goto(`${server.url}/monitoring/map`);
  await page.getByTestId('monitoring-map').waitFor();

  // Tree: the reporting vehicles are online; the offline-tiles notice is shown with a retry button.
  const first = cars[0] as string;
  await page.getByTestId(`vehicle-${first}`).waitFor();
  await page.getByTestId('tiles-unavailable').waitFor();
  await expect.poll(() => drawnVehicles(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(cars.length);
  await shot(page, 'live-map-overview.png');

  // The text beside a dot follows the spec's display state like its colour: car 4 reported an overspeed alarm
  // while running, so it is red and reads "Warning", not "Running".
  const warned = page.getByTestId(`vehicle-${cars[4]}`);
  await expect.poll(() => warned.textContent()).toContain('Warning');
  expect(await warned.locator('.hw-vtree__dot').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    'rgb(239, 68, 68)',
  );

  // Search narrows the tree; clicking the vehicle centres the map and opens the info box.
  const target = cars[5] as string;
  await page.getByTestId('vehicle-search').locator('input').fill(target);
  await page.getByTestId(`vehicle-${target}`).click();
  const box = page.getByTestId('info-box');
  await box.waitFor();
  await expect.poll(() => box.textContent()).toContain(target);
  await expect.poll(() => page.getByTestId('info-speed').textContent()).toMatch(/km\/h/);

  // A live report over STOMP (gateway → live worker → console, batched) updates the tree row in view: stopped
  // with ACC on is idle, then moving is running.
  const row = page.getByTestId(`vehicle-${target}`);
  await sendFix(terminals[5] as TestTerminal, { lat: 40.63, lng: -74.14, speedKmh: 0, azimuth: 120 });
  await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Idle (ACC on)');
  // … and the open info box.
  const before = await page.getByTestId('info-speed').textContent();
  await sendFix(terminals[5] as TestTerminal, { lat: 40.6301, lng: -74.1401, speedKmh: 57, azimuth: 120 });
  await expect.poll(() => page.getByTestId('info-speed').textContent(), { timeout: 10_000 }).toContain('57');
  await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain('Running');
  expect(before).not.toContain('57');

  await page.getByTestId('resolve-address').click();
  // The server's resolver answers (docs/geocoding.md): a demo stop's name with distance and direction, or the
  // coordinates where nothing is known.
  const address = box.getByTestId('address');
  await address.waitFor();
  expect(await address.textContent()).toMatch(/ k?m (N|NE|E|SE|S|SW|W|NW) of |^At |-?\d+\.\d{6}, -?\d+\.\d{6}/);
  await page.waitForTimeout(800);
  await shot(page, 'live-map-info-box.png');

  // Base info tab.
  await box.getByText('Base info').click();
  await box.getByText('Registration no.').waitFor();
  await closeSession(session);
});

it('moves a bus along its line and shows its next station and progress change live', async () => {
  const session: Session = await openSession(browser, 'live-map-progress');
  const { page } = session;
  await signIn(page, 'dispatcher');
  await page.goto(`${server.url}/monitoring/map`);
  await page.getByTestId('monitoring-map').waitFor();
  const k = 9;
  const car = cars[k] as string;
  const drive = drives[k] as { path: string; fraction: number };
  await page.getByTestId('vehicle-search').locator('input').fill(car);
  await page.getByTestId(`vehicle-${car}`).click();
  await page.getByTestId('info-box').waitFor();

  // Real reports along the bus's own line, stamped a second apart (ingest takes them in time order): gateway →
  // ingest (route progress) → live batch → console. The distance to the terminal must shrink as the bus drives on.
  const toTerminal = async () => metres((await page.getByTestId('info-to-terminal').textContent()) ?? '');
  const start = Math.floor(Date.now() / 1000);
  const drive1 = async (step: number) => {
    const at = along(drive.path, Math.min(0.98, drive.fraction + step * 0.004));
    const fix = { lat: at.lat, lng: at.lng, speedKmh: 30, azimuth: at.azimuth, time: start + step };
    await sendFix(terminals[k] as TestTerminal, fix);
  };
  await drive1(1);
  await expect.poll(toTerminal, { timeout: 15_000 }).toBeGreaterThan(0);
  const first = await toTerminal();
  for (let step = 2; step <= 8; step++) await drive1(step);
  await expect.poll(toTerminal, { timeout: 15_000 }).toBeLessThan(first);
  await expect.poll(() => page.getByTestId('info-next-station').textContent(), { timeout: 15_000 }).not.toMatch(/^--$/);
  await shot(page, 'live-map-progress.png');
  await closeSession(session);
});

it('finds a line by its code, keeps the info box clear of the legend and zoom, and closes it with its bus', async () => {
  const session: Session = await openSession(browser, 'live-map-layout');
  const { page } = session;
  // A laptop screen: the info box is taller than the room it has.
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'dispatcher');
  await page.goto(`${server.url}/monitoring/map`);
  const code = lines[0] as string;
  const sameLine = cars.filter((_, i) => lines[i] === code);
  const otherLine = cars.find((_, i) => lines[i] !== code) as string;
  await page.getByTestId(`vehicle-${otherLine}`).waitFor();

  // Tree search matches a line's code: its vehicles stay, the others go.
  await page.getByTestId('vehicle-search').locator('input').fill(code);
  await page.getByTestId(`vehicle-${sameLine[0]}`).waitFor();
  await page.getByTestId(`vehicle-${otherLine}`).waitFor({ state: 'detached' });

  const target = sameLine[0] as string;
  await page.getByTestId(`vehicle-${target}`).click();
  const box = page.getByTestId('info-box');
  await box.waitFor();
  const rect = (selector: string) =>
    page.locator(selector).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
  const apart = (a: { left: number; right: number; top: number; bottom: number }, b: typeof a) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  const info = await rect('[data-testid="info-box"]');
  expect(apart(info, await rect('.hw-legend'))).toBe(true);
  expect(apart(info, await rect('.ol-zoom'))).toBe(true);
  // The page does not scroll; the box's last row is reached by scrolling the box, inside the window.
  expect(await page.evaluate(() => document.scrollingElement?.scrollHeight)).toBe(768);
  const last = box.locator('.hw-infobox__row').last();
  await last.scrollIntoViewIfNeeded();
  const row = await last.evaluate((el) => el.getBoundingClientRect().bottom);
  expect(row).toBeLessThanOrEqual(info.bottom);
  expect(info.bottom).toBeLessThanOrEqual(768);

  // Unchecking the bus hides it from the map: its info box goes too.
  await page
    .getByTestId(`vehicle-${target}`)
    .locator('xpath=ancestor::*[contains(@class,"ant-tree-treenode")]')
    .locator('.ant-tree-checkbox')
    .click();
  await box.waitFor({ state: 'detached' });
  await closeSession(session);
});

it('speaks Chinese and Thai, with Baidu (BD-09) as the Chinese default', async () => {
  for (const [locale, notice, realData] of [
    ['zh-CN', '地图瓦片不可用', '实时数据'],
    ['th-TH', 'โหลดแผนที่ไม่ได้', 'ข้อมูลสด'],
  ] as const) {
    const session = await openSession(browser, `live-map-${locale}`, locale);
    const { page } = session;
    await signIn(page, 'dispatcher');
    await page.goto(`${server.url}/monitoring/map`);
    await page.getByText(notice).waitFor();
    const target = cars[2] as string;
    await page.getByTestId(`vehicle-${target}`).click();
    await page.getByTestId('info-box').getByText(realData).waitFor();
    await expect.poll(() => drawnVehicles(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(cars.length);
    await shot(page, `live-map-${locale.slice(0, 2)}.png`);
    await closeSession(session);
  }
});
