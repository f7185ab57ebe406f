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

beforeAll(async () => {
  server = mapServer(baseUrl());
  ({ terminals, cars, drives } = await reportDemoFleet(server, 48));
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
  await page.waitForTimeout(800);
  await shot(page, 'live-map-overview.png');

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
  await expect.poll(() => box.textContent()).toMatch(/-?\d+\.\d{6}, -?\d+\.\d{6}/);
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

  // Real reports along the bus's own line, a second apart (ingest needs them in time order): gateway → ingest
  // (route progress) → live batch → console.
  const toTerminal = () => page.getByTestId('info-to-terminal').textContent();
  const seen = new Set<string>();
  for (let step = 1; step <= 8; step++) {
    await new Promise((r) => setTimeout(r, 1100));
    const at = along(drive.path, Math.min(0.98, drive.fraction + step * 0.004));
    await sendFix(terminals[k] as TestTerminal, { lat: at.lat, lng: at.lng, speedKmh: 30, azimuth: at.azimuth });
    seen.add((await toTerminal()) ?? '');
  }
  await expect.poll(() => page.getByTestId('info-next-station').textContent(), { timeout: 15_000 }).not.toMatch(/^--$/);
  await expect.poll(async () => seen.add((await toTerminal()) ?? '').size, { timeout: 15_000 }).toBeGreaterThan(2);
  expect([...seen].some((text) => /\d+(\.\d+)? k?m/.test(text))).toBe(true);
  await shot(page, 'live-map-progress.png');
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
    await page.waitForTimeout(800);
    await shot(page, `live-map-${locale.slice(0, 2)}.png`);
    await closeSession(session);
  }
});
