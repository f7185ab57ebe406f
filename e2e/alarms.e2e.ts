import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { AlarmDetailRow, ListResult } from '../packages/server/src/contract/index.ts';
import { type AlarmVehicle, alarmVehicle } from './support/alarm-terminal.ts';
import { baseUrl, closeSession, launch, login, openSession, shot } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Alarms end to end: a simulated terminal (the simulator's own) on the e2e server's gateway raises SOS and a
// DSM alarm; the dispatcher's console counts, pops up, finds, marks read; the safety screen shows the DSM
// alarm's evidence the terminal uploaded over T/JSATL12 after the platform's 0x9208.

let browser: Browser;
/** One API session for the file: sign-ins are rate limited per address, and every test signs in from 127.0.0.1. */
let client: HeadwayClient;
let sosBus: AlarmVehicle;
let dsmBus: AlarmVehicle;

beforeAll(async () => {
  const gatewayPort = inject('gatewayPort');
  client = new HeadwayClient(baseUrl());
  await client.login('admin', DEMO_PASSWORD);
  [sosBus, dsmBus] = await Promise.all([alarmVehicle(client, gatewayPort, 0), alarmVehicle(client, gatewayPort, 1)]);
  browser = await launch();
});
afterAll(async () => {
  sosBus?.stop();
  dsmBus?.stop();
  await browser?.close();
});

async function badge(page: Page): Promise<number> {
  const text = (await page.getByTestId('alarm-counter').textContent()) ?? '';
  const m = /(\d+)\+?/.exec(text);
  return m ? Number(m[1]) : 0;
}

/** Closes the open dialogs, the top one first. */
async function closeDialogs(page: Page): Promise<void> {
  const close = page.locator('.ant-modal-close:visible');
  while ((await close.count()) > 0) {
    const before = await close.count();
    await close.last().click();
    await expect.poll(() => close.count()).toBeLessThan(before);
  }
}

async function sosAlarms(client: HeadwayClient, carId: number): Promise<AlarmDetailRow[]> {
  const now = Math.floor(Date.now() / 1000);
  const reply = await client.post<ListResult<AlarmDetailRow>>('/device/alarm/all', {
    page: 1,
    limit: 50,
    data: { start_time: now - 3600, end_time: now + 60, car_list: [carId], alarm_list: [1], is_readed: null },
  });
  return reply.result.rows;
}

it('SOS: the badge counts it, a popup opens within 3 s, details find it, read with a remark sticks', async () => {
  const session = await openSession(browser, 'alarms-sos');
  const { page } = session;
  await login(page, 'dispatcher');
  await page.getByTestId('alarm-counter').waitFor();
  const car = sosBus.car;
  const popup = page.getByTestId('alarm-popup').filter({ hasText: car.car_name });

  const raised = Date.now();
  sosBus.terminal.triggerAlarm('sos', 20);
  await popup.waitFor({ timeout: 3_000 });
  const popupMs = Date.now() - raised;
  console.log(`SOS → popup in ${popupMs} ms`);
  await expect.poll(() => badge(page), { timeout: 3_000 }).toBeGreaterThan(0);
  await shot(page, 'alarm-popup.png');

  // The popup opens the SOS modal: its live trace grows as the bus keeps reporting (1 s here).
  await popup.locator('.hw-alarm-popup__body').click();
  const trace = page.getByTestId('sos-trace');
  await trace.waitFor();
  await expect
    .poll(async () => Number(await trace.getAttribute('data-points')), { timeout: 10_000 })
    .toBeGreaterThan(2);
  // Issue 16: the left pane plays the bus's cameras live (the simulator's terminal streams each channel).
  const video = page.getByTestId('sos-video');
  for (let i = 0; i < 4; i++) {
    await expect
      .poll(() => video.getByTestId(`video-cell-${i}`).getAttribute('data-status'), { timeout: 20_000 })
      .toBe('playing');
  }
  await shot(page, 'alarm-sos-modal.png');
  await closeDialogs(page);

  // The alarm dialog lists it; the car name opens the details dialog, which finds it unread.
  await page.getByTestId('alarm-counter').click();
  const dialog = page.getByTestId('alarm-dialog');
  await dialog.getByTestId('alarm-row-car').filter({ hasText: car.car_name }).first().click();
  // antd puts the test id on the modal's root, which has no box of its own: wait for what is inside.
  const details = page.getByTestId('alarm-details-dialog');
  const row = details.locator('tr', { hasText: car.car_name }).filter({ has: page.getByTestId('alarm-set-read') });
  await row.first().waitFor();
  await shot(page, 'alarm-details.png');

  // Mark read with a remark: the handle dialog, then the row shows the Read tag and the server has it.
  await row.first().getByTestId('alarm-set-read').click();
  const remark = `Driver called back ${raised % 1000}`;
  await page.getByTestId('alarm-handle-dialog').getByTestId('alarm-remark').fill(remark);
  await page.getByRole('button', { name: 'Set read', exact: true }).last().click();
  await expect
    .poll(async () => (await sosAlarms(client, car.car_id)).some((a) => a.is_readed === 1 && a.remark === remark))
    .toBe(true);
  // The dialog lists unread alarms; with "all" it shows the handled one with its remark.
  await details.getByTestId('alarm-all').click();
  await details.getByTestId('alarm-details-search').click();
  await details.getByText(remark).first().waitFor();
  // Read is final: a second handle of the same alarm changes nothing.
  const read = (await sosAlarms(client, car.car_id)).find((a) => a.remark === remark) as AlarmDetailRow;
  const again = await client.request<{ count: number }>('PUT', '/device/alarm', {
    id_list: [read.id],
    is_readed: 1,
    remark: 'changed',
  });
  expect(again.result.count).toBe(0);
  await closeDialogs(page);

  // Preferences: SOS without popups. The next SOS is counted but opens no popup.
  await page
    .getByTestId('alarm-popup-close')
    .first()
    .click()
    .catch(() => undefined);
  for (const close of await page.getByTestId('alarm-popup-close').all()) await close.click().catch(() => undefined);
  await page.getByTestId('alarm-counter').click();
  await page.getByTestId('alarm-filter-button').click();
  const prefs = page.getByTestId('alarm-filter-dialog');
  // Types sit under their groups: open Emergency, where SOS is.
  await prefs.locator('tr', { hasText: 'Emergency' }).locator('.ant-table-row-expand-icon').first().click();
  const show = prefs.getByTestId('pref-is_show-1');
  await show.waitFor();
  if ((await show.getAttribute('aria-checked')) === 'true') await show.click();
  await prefs.getByTestId('alarm-preferences-save').click();
  await show.waitFor({ state: 'hidden' });
  await closeDialogs(page);
  await expect.poll(() => popup.count()).toBe(0);

  // The first SOS has ended (20 s, or the terminal is told to clear it); raise a new one after it fell.
  await expect
    .poll(async () => (await sosAlarms(client, car.car_id)).every((a) => a.end_time !== null), { timeout: 40_000 })
    .toBe(true);
  const before = (await sosAlarms(client, car.car_id)).length;
  sosBus.terminal.triggerAlarm('sos', 20);
  await expect.poll(async () => (await sosAlarms(client, car.car_id)).length, { timeout: 5_000 }).toBe(before + 1);
  // The console has the alarm once the badge moved; the popup decision was made with it.
  await expect.poll(() => badge(page), { timeout: 5_000 }).toBeGreaterThan(0);
  expect(await popup.count()).toBe(0);
  await closeSession(session);
}, 120_000);

it('DSM: 0x9208 → the terminal uploads → the alarm modal shows the stills, plays the clip, and the zip holds the files', async () => {
  const session = await openSession(browser, 'alarms-dsm');
  const { page } = session;
  await login(page, 'admin');
  const car = dsmBus.car;
  dsmBus.terminal.triggerSafety('dsm', 2);
  const now = Math.floor(Date.now() / 1000);
  const dsm = async () =>
    (
      await client.post<ListResult<AlarmDetailRow>>('/device/alarm/all', {
        page: 1,
        limit: 10,
        data: { start_time: now - 600, end_time: now + 600, car_list: [car.car_id], device_types: ['DSM'] },
      })
    ).result.rows[0];
  await expect.poll(async () => (await dsm())?.file_count ?? 0, { timeout: 20_000 }).toBe(3);

  await page.goto('/safety/active-safety');
  const card = page.getByTestId('alarm-card').filter({ hasText: car.car_name }).first();
  await card.waitFor();
  await card.click();
  const modal = page.getByTestId('alarm-modal');
  await modal.waitFor();
  await modal.getByRole('tab', { name: /images/i }).click();
  await modal.getByTestId('alarm-images').locator('img').first().waitFor();
  const loaded = await modal
    .getByTestId('alarm-images')
    .locator('img')
    .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length);
  expect(loaded).toBeGreaterThanOrEqual(2);
  await shot(page, 'alarm-modal-images.png');

  await modal.getByRole('tab', { name: /video/i }).click();
  const video = modal.getByTestId('alarm-video').locator('video').or(modal.locator('video[data-testid="alarm-video"]'));
  await video.first().waitFor();
  await video.first().evaluate((v) => {
    const el = v as HTMLVideoElement;
    el.muted = true;
    return el.play();
  });
  await expect
    .poll(() => video.first().evaluate((v) => (v as HTMLVideoElement).currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.5);
  await shot(page, 'alarm-modal-video.png');

  // The console fetches the zip with its signed client and hands the bytes to the browser's save as a blob URL:
  // keep the blob it saves, then read it back.
  await page.evaluate(() => {
    const original = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      (window as unknown as { savedBlob?: Blob }).savedBlob = blob as Blob;
      return original(blob);
    };
  });
  await page.getByTestId('alarm-zip').click();
  await page.waitForFunction(() => {
    const blob = (window as unknown as { savedBlob?: Blob }).savedBlob;
    return blob !== undefined && blob.size > 0 && !blob.type.startsWith('image') && !blob.type.startsWith('video');
  });
  const zip = Buffer.from(
    await page.evaluate(async () => {
      const blob = (window as unknown as { savedBlob: Blob }).savedBlob;
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    }),
  );
  // Central-directory entries (PK\1\2) name the files: two stills and the clip.
  const names: string[] = [];
  for (let i = zip.indexOf('PK\x01\x02'); i >= 0; i = zip.indexOf('PK\x01\x02', i + 4)) {
    const nameLength = zip.readUInt16LE(i + 28);
    names.push(zip.subarray(i + 46, i + 46 + nameLength).toString());
  }
  expect(names.filter((n) => n.endsWith('.jpg'))).toHaveLength(2);
  expect(names.filter((n) => n.endsWith('.mp4'))).toHaveLength(1);
  await closeSession(session);
}, 120_000);
