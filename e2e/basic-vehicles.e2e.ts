import { join } from 'node:path';
import { epochToLocalTime, makeLocation } from '@headway/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestTerminal } from '../packages/server/src/gateway/testing/terminal.ts';
import { openStore } from '../packages/server/src/store/db.ts';
import { PASSWORD, seedCompany } from '../packages/server/test/helpers/server.ts';
import { closeSession, keepArtifactsOnFailure, launch, openSession, type Session, shot } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// An operator's own fleet from nothing (issue 14): a server without the demo (HEADWAY_DEMO=0) and one
// administrator; in the console the administrator adds a device and a vehicle holding it; then a terminal with
// that phone registers on the real gateway (JT/T 808 0x0100 over TCP), reports, and the vehicle shows online on the
// live map. Screenshots of each step land in e2e/artifacts.

const ACCOUNT = 'fleet-owner';
const PHONE = '013866660001';
const IMEI = '861866660000001';
const CAR = 'Own bus 1';
const PLATE = 'OWN-001';

let server: RunningServer;
let browser: Browser;
let session: Session;
let page: Page;
let terminal: TestTerminal | undefined;

beforeAll(async () => {
  server = await startServer({ demo: false });
  // The one administrator of the empty deployment, written beside the running server (SQLite in WAL mode).
  const store = openStore({ engine: 'sqlite', file: join(server.dataDir, 'headway.db') });
  await seedCompany(store, 'Own Fleet Transit', ACCOUNT);
  await store.close();
  browser = await launch();
  session = await openSession(browser, 'basic-vehicles', 'en-US', server.url);
  page = session.page;
  await page.goto('/login');
  await page.getByTestId('login-account').fill(ACCOUNT);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('layout').waitFor();
}, 180_000);
keepArtifactsOnFailure(() => session, 'basic-vehicles');
afterAll(async () => {
  terminal?.close();
  if (session) await closeSession(session);
  await browser?.close();
  await server?.stop();
});

it('adds a device and a vehicle in the console of an empty company', async () => {
  await page.goto('/basic/device');
  await page.getByTestId('device-page').waitFor();
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-form-phone').fill(PHONE);
  await page.getByTestId('device-form-imei').fill(IMEI);
  await shot(page, 'basic-vehicles-device-form.png');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('cell', { name: PHONE }).waitFor();
  await shot(page, 'basic-vehicles-devices.png');

  await page.goto('/basic/vehicle');
  await page.getByTestId('vehicle-page').waitFor();
  await page.getByTestId('vehicle-add').click();
  await page.getByTestId('vehicle-form-name').fill(CAR);
  await page.getByTestId('vehicle-form-lpn').fill(PLATE);
  await page.getByTestId('vehicle-form-imei').click();
  await page.locator('.ant-select-item-option', { hasText: IMEI }).click();
  await shot(page, 'basic-vehicles-vehicle-form.png');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('cell', { name: CAR }).waitFor();
  await expect.poll(() => page.getByRole('cell', { name: PHONE }).count()).toBe(1);
  await shot(page, 'basic-vehicles-vehicles.png');
});

it('accepts the terminal with that phone and shows the vehicle on the live map', async () => {
  const t = await TestTerminal.connect(server.gatewayPort, PHONE);
  terminal = t;
  const registered = await t.register(PLATE);
  expect(registered.result).toBe(0);
  expect(await t.authenticate(registered.token ?? '')).toBe(0);
  let et = Math.floor(Date.now() / 1000) - 60;
  const report = async (i: number) => {
    et += 5;
    const fix = makeLocation({
      lat: 13.7563 + i * 1e-4,
      lng: 100.5018 + i * 1e-4,
      speedKmh: 28,
      altitude: 5,
      direction: 45,
      time: epochToLocalTime(et, 420),
      status: 0x3,
      items: [{ id: 0x31, satellites: 12 }],
    });
    await t.ackOf(t.send({ msgId: 0x0200, body: fix }));
  };
  for (let i = 0; i < 3; i++) await report(i);

  await page.goto('/monitoring/map');
  await page.getByTestId('monitoring-map').waitFor();
  const node = page.getByTestId(`vehicle-${CAR}`);
  await node.waitFor();
  await node.click();
  const box = page.getByTestId('info-box');
  await box.waitFor();
  await expect.poll(() => box.textContent(), { timeout: 20_000 }).toContain(PLATE);
  await expect
    .poll(
      async () => {
        await report(4);
        return page.getByTestId('info-speed').textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/28/);
  await shot(page, 'basic-vehicles-live-map.png');
});
