import { HeadwayClient } from '@headway/server/test-client';
import { defaultAlarmNotice, PlatformAlarmCode } from '@headway/spec';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { AlarmDetailRow } from '../packages/server/src/contract/alarms.ts';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import type { RegionRow } from '../packages/server/src/contract/regions.ts';
import { axeViolations } from './support/axe.ts';
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
import { noisyLine, type ScriptedBus, scriptedBus } from './support/region-terminal.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Regions end to end (issue 15): a dispatcher draws a circle and a polygon on the live map with the fence selector,
// saves them and sees them listed and drawn; then a simulated bus (the simulator's own terminal on the real gateway)
// is driven through the polygon with GPS noise, lingering on its border, and exactly one enter and one exit alarm
// come back as popups naming the region.

/** Off the demo's lines' way (the Arthur Kill shore): the other files' buses do not wander in. */
const PLACE = { lat: 40.5567, lng: -74.2488 };
const POLYGON = 'E2E yard polygon';
const CIRCLE = 'E2E depot circle';
const M_PER_DEG = 111_320;

let browser: Browser;
let session: Session;
let admin: HeadwayClient;
let bus: ScriptedBus;

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  // Region alarms are information (level 1): no popup unless the user asks for it, as this one does.
  const notice = { web_notice: 0, app_notice: 0, mail_notice: 0, is_show: 1, duration: 60 };
  // The scripted bus is one of the demo's, bound to a line it leaves to cross the polygon: its "off its line"
  // popup would hold the car's one popup slot (spec "Alarm read") before the region's, so it is off here.
  const prefs = await admin.post('/owner/user/alarm', {
    alarm_list: [
      ...[PlatformAlarmCode.regionEnter, PlatformAlarmCode.regionExit].map((id) => ({
        platform_alarm_id: id,
        ...notice,
      })),
      { platform_alarm_id: PlatformAlarmCode.routeDeviation, ...notice, is_show: 0 },
    ],
  });
  expect(prefs.code).toBe(0);
  bus = await scriptedBus(admin, inject('gatewayPort'), { lat: PLACE.lat, lng: PLACE.lng - 0.01 });
  browser = await launch();
  session = await openSession(browser, 'regions');
  await login(session.page, 'admin');
}, 120_000);
keepArtifactsOnFailure(() => session, 'regions');
afterAll(async () => {
  // The files share one server: the admin's region popups go back to their default (off) for the next ones.
  await admin?.post('/owner/user/alarm', {
    alarm_list: [PlatformAlarmCode.regionEnter, PlatformAlarmCode.regionExit, PlatformAlarmCode.routeDeviation].map(
      (id) => ({ platform_alarm_id: id, ...defaultAlarmNotice(id) }),
    ),
  });
  bus?.stop();
  if (session) await closeSession(session);
  await browser?.close();
});

async function regionNamed(name: string): Promise<RegionRow> {
  const reply = await admin.post<ListResult<RegionRow>>('/basic/region/list', {
    page: 1,
    limit: 10,
    data: { search: name },
  });
  const row = reply.result.rows.find((r) => r.region_name === name);
  if (!row) throw new Error(`${name} not saved`);
  return row;
}

/** Where to draw, in page pixels: the middle of the map left of the fence selector floating on its right. */
async function drawingSpot(page: Page): Promise<{ x: number; y: number }> {
  const map = await page.getByTestId('monitoring-map').locator('.ol-viewport').first().boundingBox();
  const panel = await page.getByTestId('fence-selector').boundingBox();
  if (!map || !panel) throw new Error('no map or fence selector');
  return { x: map.x + (panel.x - map.x) / 2, y: map.y + map.height / 2 };
}

it('draws a circle and a polygon with the fence selector, saves them, lists and draws them', async () => {
  const { page } = session;
  await page.goto('/monitoring/map');
  await page.getByTestId('fence-selector-open').click();
  const selector = page.getByTestId('fence-selector');
  await selector.waitFor();

  // Go to the place by its coordinates, then draw a circle north of it: press, drag, release.
  await selector.getByTestId('fence-tab-add').click();
  await selector.getByTestId('region-coords').fill(`${PLACE.lat},${PLACE.lng}`);
  await selector.getByTestId('region-coords').press('Enter');
  await selector.getByTestId('region-name').fill(CIRCLE);
  await selector.getByTestId('region-type-1').click();
  const c = await drawingSpot(page);
  await page.mouse.move(c.x, c.y - 150);
  await page.mouse.down();
  await page.mouse.move(c.x + 25, c.y - 150, { steps: 5 });
  await page.mouse.move(c.x + 50, c.y - 150, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => selector.getAttribute('data-region-drawn')).toMatch(/^[-\d.]+,[-\d.]+,\d+$/);
  await selector.getByTestId('region-save').click();
  await expect.poll(async () => (await regionNamed(CIRCLE)).region_type).toBe(1);

  // A polygon round the place: three clicks and a double-click on the fourth corner.
  await selector.getByTestId('fence-tab-add').click();
  await selector.getByTestId('region-name').fill(POLYGON);
  await selector.getByTestId('region-type-3').click();
  await page.mouse.click(c.x - 110, c.y - 70);
  await page.mouse.click(c.x + 110, c.y - 70);
  await page.mouse.click(c.x + 110, c.y + 70);
  await page.mouse.dblclick(c.x - 110, c.y + 70);
  await expect.poll(async () => ((await selector.getAttribute('data-region-drawn')) ?? '').split('|').length).toBe(4);
  await selector.getByTestId('region-save').click();
  await expect.poll(async () => (await regionNamed(POLYGON).catch(() => null))?.region_point.split('|').length).toBe(4);

  // Listed by the selector, and drawn by the map's regions layer.
  await selector.getByTestId('fence-tab-list').click();
  await selector.getByText(POLYGON).waitFor();
  await selector.getByText(CIRCLE).waitFor();
  await page.getByTestId('regions-toggle').click();
  await expect
    .poll(async () => Number(await page.getByTestId('monitoring-map').getAttribute('data-regions')))
    .toBeGreaterThanOrEqual(2);
  await shot(page, 'regions-drawn.png');
  expect(await axeViolations(page)).toEqual([]);
}, 90_000);

it('a bus driven through the polygon with GPS noise raises one enter and one exit popup', async () => {
  const { page } = session;
  const polygon = await regionNamed(POLYGON);
  const points = polygon.region_point.split('|').map((p) => p.split(',').map(Number) as [number, number]);
  const west = Math.min(...points.map(([, lng]) => lng));
  const east = Math.max(...points.map(([, lng]) => lng));
  const lat = polygon.center_lat;
  const mLng = M_PER_DEG * Math.cos((lat * Math.PI) / 180);
  const off = (m: number) => m / mLng;

  // 10 m a report with ±12 m of noise: up to the western border, 20 reports standing on it, into the middle…
  const middle = (west + east) / 2;
  const inward = [
    ...noisyLine({ lat, lng: west - off(250) }, { lat, lng: west }, 10, 12, 'approach'),
    ...Array.from(
      { length: 20 },
      (_, i) => noisyLine({ lat, lng: west }, { lat, lng: west }, 10, 12, `border-${i}`)[0]!,
    ),
    ...noisyLine({ lat, lng: west }, { lat, lng: middle }, 10, 12, 'inside'),
  ];
  // …then on across and away. Each report is a second of event time, ending a few seconds ago.
  const outward = noisyLine({ lat, lng: middle }, { lat, lng: east + off(250) }, 10, 12, 'across');
  const start = Math.floor(Date.now() / 1000) - inward.length - outward.length - 5;

  const popups = page.getByTestId('alarm-popup').filter({ hasText: bus.car.car_name });
  const entered = popups.filter({ hasText: 'Entered a region' }).filter({ hasText: POLYGON });
  const left = popups.filter({ hasText: 'Left a region' }).filter({ hasText: POLYGON });
  await bus.drive(inward, start);
  await entered.first().waitFor({ timeout: 10_000 });
  await shot(page, 'regions-popup-enter.png');
  // One popup per car at a time (spec "Alarm read"): the dispatcher reads it and closes it before the bus leaves.
  await entered.getByTestId('alarm-popup-close').click();
  await bus.drive(outward, start + inward.length);
  await left.first().waitFor({ timeout: 10_000 });
  await shot(page, 'regions-popup-exit.png');
  expect(await entered.count()).toBe(0);
  expect(await left.count()).toBe(1);

  const stored = await admin.post<ListResult<AlarmDetailRow>>('/device/alarm/all', {
    page: 1,
    limit: 50,
    data: {
      start_time: start - 60,
      end_time: start + inward.length + outward.length + 60,
      car_list: [bus.car.car_id],
      alarm_list: [PlatformAlarmCode.regionEnter, PlatformAlarmCode.regionExit],
      is_readed: null,
    },
  });
  const codes = stored.result.rows.map((r) => r.platform_alarm_id).sort();
  expect(codes).toEqual([PlatformAlarmCode.regionEnter, PlatformAlarmCode.regionExit]);
}, 90_000);
