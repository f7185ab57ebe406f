import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RouteDetail, RouteRow } from '../packages/server/src/contract/basic-lines.ts';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import type { VehicleLiveResult } from '../packages/server/src/contract/vehicles.ts';
import {
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openMenu,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';
import { type PathBus, startPathBus } from './support/path-terminal.ts';
import { type RunningServer, startServer } from './support/server.ts';

// Issue 14's first run, one workflow as a new operator does it, from an empty deployment (HEADWAY_DEMO=0 and one
// administrator, on this file's own server): Basic → Lines (add the line, draw its up direction on the map and place
// its stations by clicking, copy it reversed as the way back, save it checked), Basic → Devices (the terminal: phone,
// IMEI, JT/T 808-2019), Basic → Vehicles (that IMEI on that line); then the simulator's terminal with that phone
// registers, authenticates and drives the path the server stored, and the live map shows the bus with its line,
// next station and progress, changing as it drives on. The IMEI differs from the phone on purpose: the vehicle is
// bound by IMEI, the terminal speaks by phone, and the live map must join the two.

const EMPTY = { company: 'New Operator', account: 'operator', password: 'e2e-Operator-2026' };
const LINE = { code: 'E14', name: 'Harbour Loop Express' };
// Typed as the SIM card shows it (12 digits, 2013 style); the 2019 terminal sends it padded to 20.
const PHONE = '013866660001';
const IMEI = '861866660000001';
const CAR = 'Own bus 1';
/** Polls give the console up to 30 s: on two shared cores a render after a live frame can take seconds. */
const POLL = { timeout: 30_000 };
const PLATE = 'OWN-001';

let server: RunningServer;
let browser: Browser;
let session: Session;
let page: Page;
let api: HeadwayClient;
let bus: PathBus | undefined;

beforeAll(async () => {
  server = await startServer({ empty: EMPTY });
  api = new HeadwayClient(server.url);
  expect((await api.login(EMPTY.account, EMPTY.password)).code).toBe(0);
  browser = await launch();
  session = await openSession(browser, 'first-run', 'en-US', server.url);
  page = session.page;
  // Two cores shared with other suites: a screen's first load can take 20 s there.
  page.setDefaultTimeout(40_000);
  await login(page, EMPTY.account, EMPTY.password);
}, 240_000);
keepArtifactsOnFailure(() => session, 'first-run');
afterAll(async () => {
  bus?.stop();
  if (session) await closeSession(session);
  await browser?.close();
  await server?.stop();
});

async function mapCentre(p: Page) {
  const box = await p.getByTestId('line-editor-map').boundingBox();
  if (!box) throw new Error('no editor map');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function lineDetail(): Promise<RouteDetail> {
  const listed = await api.get<ListResult<RouteRow>>(`/basic/routes?search=${LINE.code}`);
  const id = listed.result.rows[0]?.id;
  if (!id) throw new Error(`line ${LINE.code} not listed`);
  return (await api.get<RouteDetail>(`/basic/routes/${id}`)).result;
}

/** "4.16 km" or "850 m" in metres; NaN for "--". */
function metres(text: string | null): number {
  const m = /([\d.]+)\s*(k?m)\b/.exec(text ?? '');
  return m ? Number(m[1]) * (m[2] === 'km' ? 1000 : 1) : Number.NaN;
}

it('starts empty: no line, no stop, no device, no vehicle', async () => {
  for (const path of ['/basic/routes', '/basic/busstops', '/basic/devices', '/basic/cars'])
    expect((await api.get<ListResult<unknown>>(path)).result.total, path).toBe(0);
});

it('adds a line and draws its two directions with their stations, saved checked', async () => {
  await openMenu(page, 'Basic data', '/basic/route');
  await page.getByTestId('route-page').waitFor();
  await page.getByTestId('route-page-add').click();
  await page.getByTestId('route-form-code').fill(LINE.code);
  await page.getByTestId('route-form-name').fill(LINE.name);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByTestId(`route-row-${LINE.code}`).waitFor();

  await page.getByTestId(`route-draw-${LINE.code}`).click();
  await page.getByTestId('line-editor').waitFor();
  const c = await mapCentre(page);
  // The up direction's path: three points west to east (offline: no tiles, the map is a plain ground); a
  // double-click finishes it.
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
  await expect.poll(() => rows.count(), POLL).toBe(4);
  await page.getByLabel('Station 1', { exact: true }).fill('Harbour');
  await page.getByLabel('Station 4', { exact: true }).fill('Old Town');
  await expect.poll(() => page.getByTestId('line-editor-total').textContent(), POLL).toMatch(/4 stations/);

  // A two-way line without its way back does not pass the check (failure 2, incomplete).
  await page.getByTestId('line-editor-save').click();
  await expect.poll(() => page.getByTestId('line-editor-failures').textContent(), POLL).toContain('2 Incomplete');

  await page.getByTestId('line-editor-direction').getByText('Down').click();
  await page.getByTestId('line-editor-copy-reverse').click();
  await expect.poll(() => rows.count(), POLL).toBe(4);
  await expect(page.getByTestId('line-editor-failures').count()).resolves.toBe(0);
  await shot(page, 'first-run-line-editor.png');
  await page.getByTestId('line-editor-save').click();
  await page.getByTestId('line-editor').waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await page.getByTestId(`route-row-${LINE.code}`).textContent()) ?? '', POLL)
    .toContain('2 · Checked');

  const line = await lineDetail();
  expect(line.directions.map((d) => [d.direction, d.station_count, d.is_checked])).toEqual([
    [1, 4, 1],
    [2, 4, 1],
  ]);
  const up = line.directions[0];
  expect(up?.stations.map((s) => s.station_name)).toEqual(['Harbour', 'Station 3', 'Station 4', 'Old Town']);
  expect(up?.distance).toBe(up?.stations.at(-1)?.distance);
  expect(line.directions[1]?.stations[0]?.station_name).toBe('Old Town');
  // Every station became a bus stop; the way back shares the up direction's stops, listed and on one map.
  await openMenu(page, 'Basic data', '/basic/bus-stop');
  const stops = page.getByTestId('bus-stop-page');
  await expect.poll(() => stops.locator('.ant-table-row').count(), POLL).toBe(4);
  await page.getByTestId('bus-stop-page-union').click();
  await page.getByTestId('stop-union-map').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('stop-union-map').waitFor({ state: 'hidden' });
}, 180_000);

it('adds the terminal as a device (phone, IMEI, JT/T 808-2019)', async () => {
  await openMenu(page, 'Basic data', '/basic/device');
  const devices = page.getByTestId('device-page');
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-form-phone').fill(PHONE);
  await page.getByTestId('device-form-imei').fill(IMEI);
  await page.getByTestId('device-form-protocol').click();
  await page.locator('.ant-select-item-option', { hasText: 'JT/T 808-2019' }).click();
  await shot(page, 'first-run-device-form.png');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await devices.getByRole('cell', { name: PHONE }).waitFor();
  const stored =
    await api.get<ListResult<{ terminal_phone: string; imei: string; protocol_version: string }>>('/basic/devices');
  expect(stored.result.rows.map((d) => [d.terminal_phone, d.imei, d.protocol_version])).toEqual([
    [PHONE, IMEI, '2019'],
  ]);
}, 120_000);

it('adds the vehicle holding that device on that line', async () => {
  await openMenu(page, 'Basic data', '/basic/vehicle');
  const vehicles = page.getByTestId('vehicle-page');
  await page.getByTestId('vehicle-add').click();
  await page.getByTestId('vehicle-form-name').fill(CAR);
  await page.getByTestId('vehicle-form-lpn').fill(PLATE);
  await page.getByTestId('vehicle-form-imei').click();
  await page.locator('.ant-select-item-option', { hasText: IMEI }).click();
  await page.getByTestId('vehicle-form-route').click();
  await page.locator('.ant-select-item-option', { hasText: `${LINE.name} (${LINE.code})` }).click();
  // Its picture (a PNG the browser makes of itself): uploaded at once, shown in the form, its address saved.
  const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 120 } });
  await page
    .getByTestId('vehicle-form-picture')
    .locator('input[type=file]')
    .setInputFiles({ name: 'own-bus-1.png', mimeType: 'image/png', buffer: picture });
  await page.getByTestId('vehicle-form-picture').getByTestId('image-upload-preview').waitFor();
  await shot(page, 'first-run-vehicle-form.png');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await vehicles.getByRole('cell', { name: CAR }).waitFor();
  const saved = await api.get<ListResult<{ car_name: string; img_url: string }>>('/basic/cars');
  const imgUrl = saved.result.rows.find((r) => r.car_name === CAR)?.img_url ?? '';
  expect(imgUrl).toMatch(/^\/upload\/\d+\/vehicle\/[0-9a-f-]{36}\.png$/);
  expect(Buffer.from(await (await fetch(`${server.url}${imgUrl}`)).arrayBuffer())).toEqual(picture);
  await expect.poll(() => vehicles.getByRole('cell', { name: PHONE }).count(), POLL).toBe(1);
  await expect.poll(() => vehicles.getByRole('cell', { name: LINE.name }).count(), POLL).toBe(1);
}, 120_000);

it('shows the terminal driving the drawn line on the live map, with its next station and progress', async () => {
  // The path the server stored for the up direction, driven by the simulator's terminal at 30 km/h; its first
  // reports are the drive so far (stamped in the past), the rest come while the console watches.
  const up = (await lineDetail()).directions.find((d) => d.direction === 1);
  if (!up?.path) throw new Error('the up direction has no stored path');
  const steps = [0.04, 0.1, 0.16, 0.22, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.88];
  const speedKmh = 30;
  const pathSeconds = Math.ceil(((up.distance || 1000) * 1.2) / (speedKmh / 3.6));
  bus = await startPathBus({
    phone: PHONE,
    imei: IMEI,
    plate: PLATE,
    version: 2019,
    gatewayPort: server.gatewayPort,
    path: up.path,
    routeCode: LINE.code,
    direction: 1,
    speedKmh,
    departed: Math.floor(Date.now() / 1000) - pathSeconds,
  });
  const driving = bus;
  for (const f of steps.slice(0, 4)) await driving.driveTo(f);

  await openMenu(page, 'Monitoring', '/monitoring/map');
  await page.getByTestId('monitoring-map').waitFor();
  const node = page.getByTestId(`vehicle-${CAR}`);
  await node.waitFor();
  await node.click();
  const box = page.getByTestId('info-box');
  await box.waitFor();
  await expect.poll(() => box.textContent(), POLL).toContain(LINE.name);
  const next = page.getByTestId('info-next-station');
  const toTerminal = async () => metres(await page.getByTestId('info-to-terminal').textContent());
  await expect.poll(() => next.textContent(), POLL).toMatch(/Station [34]$/);
  await expect.poll(toTerminal, POLL).toBeGreaterThan(0);
  const firstNext = await next.textContent();
  const firstLeft = await toTerminal();

  // The base info shows the record the operator typed, picture included.
  await box.getByText('Base info', { exact: true }).click();
  await expect.poll(() => box.locator('img.hw-infobox__photo').getAttribute('src'), POLL).toMatch(/^\/upload\//);
  await box.getByText('Real data', { exact: true }).click();

  // Drives on past the middle stations: the open info box follows live (gateway → ingest → live → STOMP).
  for (const f of steps.slice(4)) await driving.driveTo(f);
  await expect.poll(() => next.textContent(), POLL).toMatch(/Old Town$/);
  await expect.poll(toTerminal, POLL).toBeLessThan(firstLeft);
  expect(firstNext).not.toMatch(/Old Town$/);
  // The map stayed where the bus was when opened; a click on it in the tree brings it back into view.
  await node.click();
  await shot(page, 'first-run-live-map.png');

  // The full refresh the map polls agrees: the vehicle (bound by IMEI) carries the route progress of the terminal
  // (speaking by phone).
  const real = (await api.get<VehicleLiveResult>('/basic/cars/real')).result.rows;
  expect(real.map((r) => [r.car_name, r.imei, r.terminal_phone, r.online])).toEqual([[CAR, IMEI, PHONE, 1]]);
  expect(real[0]?.real_data?.route).toMatchObject({ code: LINE.code, dir: 1 });
}, 180_000);

it('speaks Chinese and Thai on the live map of the new company', async () => {
  // The operator switches the console's language with the info box open: the box follows.
  const box = page.getByTestId('info-box');
  for (const [label, nextLabel, file] of [
    ['简体中文', '下一站', 'first-run-live-map-zh.png'],
    ['ไทย', 'ป้ายถัดไป', 'first-run-live-map-th.png'],
    ['English', 'Next station', null],
  ] as const) {
    await page.getByTestId('language-select').click();
    await page.locator('.ant-dropdown-menu-item:visible').getByText(label, { exact: true }).click();
    // The map screen is drawn anew in the new language: the operator opens the bus again.
    await page.getByTestId(`vehicle-${CAR}`).click();
    await expect.poll(() => box.textContent(), POLL).toContain(nextLabel);
    expect(await page.getByTestId('info-next-station').textContent()).toMatch(/Old Town$/);
    if (file) await shot(page, file);
  }
}, 120_000);
