import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { MessageLogRow } from '../packages/server/src/contract/commands.ts';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import type { TrackResult } from '../packages/server/src/contract/tracks.ts';
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
import { type StandingFleet, standingBuses } from './support/command-terminal.ts';
import { infoBoxOf } from './support/info-box.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Talking to the vehicles end to end (issue 13): three demo buses stand at stops as the simulator's own terminals on
// the real gateway. A dispatcher sends them a message from the live map's chat window and watches the reply count
// reach 3; reads a bus's parameters, shortens its report interval (id 41) and sees it report at the new interval;
// takes a snapshot and sees the picture the terminal uploaded.

let browser: Browser;
let session: Session;
let admin: HeadwayClient;
let fleet: StandingFleet;

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  fleet = await standingBuses(admin, inject('gatewayPort'), [8, 9, 10], 10);
  browser = await launch();
  session = await openSession(browser, 'commands');
  await login(session.page, 'admin');
}, 120_000);
keepArtifactsOnFailure(() => session, 'commands');
afterAll(async () => {
  fleet?.stop();
  if (session) await closeSession(session);
  await browser?.close();
});

const text = async (l: Locator) => ((await l.textContent()) ?? '').trim();

it('sends a message to three buses and sees the reply count reach 3', async () => {
  const { page } = session;
  const [first, ...others] = fleet.buses;
  if (!first) throw new Error('no buses');
  const box = await infoBoxOf(page, first.car.car_name);
  await box.getByTestId('info-action-chat').click();
  const win = page.getByTestId('chat-window').locator('.ant-modal');
  await win.waitFor();
  // The bus whose info box opened the window is ticked; tick the other two through the tree's search.
  const tree = win.getByTestId('chat-vehicle-tree');
  for (const bus of others) {
    await tree.locator('input').first().fill(bus.car.car_name);
    // A click on a vehicle's name ticks it, as its box does.
    await tree.getByTestId(`chat-vehicle-${bus.car.car_id}`).click();
  }
  const message = `Return to depot ${Date.now() % 100000}`;
  await win.getByTestId('chat-input').fill(message);
  await win.getByTestId('chat-send').click();
  await win.getByTestId('chat-message').filter({ hasText: message }).waitFor();
  const reply = win.getByTestId('chat-reply-line').last();
  await expect.poll(() => reply.getAttribute('data-replied'), { timeout: 15_000 }).toBe('3');
  expect(await reply.getAttribute('data-sent')).toBe('3');
  // Every terminal got the text, as the simulator keeps it.
  for (const bus of fleet.buses) expect(bus.terminal.texts.map((t) => t.text)).toContain(message);
  const log = await admin.get<ListResult<MessageLogRow>>(
    `/logs/message?account=admin&start_time=${Math.floor(Date.now() / 1000) - 600}&end_time=${Math.floor(Date.now() / 1000) + 60}`,
  );
  expect(log.result.rows.filter((r) => r.msg === message).map((r) => r.send_state)).toEqual([2, 2, 2]);
  await shot(page, 'commands-chat.png');
  expect(await axeViolations(page)).toEqual([]);
  await win.locator('.ant-modal-close').first().click();
  await win.waitFor({ state: 'hidden' });
});

it('reads the parameters, shortens the report interval (id 41) and the bus reports at the new interval', async () => {
  const { page } = session;
  const bus = fleet.buses[1];
  if (!bus) throw new Error('no bus');
  const box = await infoBoxOf(page, bus.car.car_name);
  await box.getByTestId('info-action-command').click();
  const win = page.getByTestId('command-window').locator('.ant-modal');
  await win.waitFor();
  // Under load the first click can land while the window is still zooming in and miss the menu item: click until
  // the parameters section shows (a click on the shown section changes nothing).
  const params = win.getByTestId('param-table');
  await expect
    .poll(async () => {
      if (!(await params.isVisible())) await win.getByTestId('command-menu-params').click();
      return params.isVisible();
    })
    .toBe(true);
  await win.getByTestId('param-row-41').locator('.ant-checkbox-input').check();
  await win.getByTestId('param-read').click();
  const value = win.getByTestId('param-value-41');
  await expect.poll(async () => value.inputValue()).toBe('10');
  await value.fill('2');
  await value.blur();
  await win.getByTestId('param-write').click();
  await expect.poll(() => bus.terminal.interval, { timeout: 10_000 }).toBe(2);
  await shot(page, 'commands-parameters.png');
  expect(await axeViolations(page)).toEqual([]);
  // The bus now reports every 2 s: its stored track since the write says so (six reports, ten seconds).
  const changedAt = Math.floor(Date.now() / 1000) + 1;
  const since = async () =>
    (
      await admin.post<TrackResult>('/device/position', {
        car_id: bus.car.car_id,
        start_time: changedAt,
        end_time: changedAt + 300,
      })
    ).result.rows.map((r) => r.event_time);
  await expect.poll(async () => (await since()).length, { timeout: 30_000, interval: 1000 }).toBeGreaterThanOrEqual(6);
  const times = await since();
  const mean = ((times.at(-1) as number) - (times[0] as number)) / (times.length - 1);
  expect(mean).toBeGreaterThanOrEqual(1.8);
  expect(mean).toBeLessThanOrEqual(2.4);
  await win.locator('.ant-modal-close').first().click();
  await win.waitFor({ state: 'hidden' });
}, 120_000);

it('takes a snapshot from camera 2 and shows the picture', async () => {
  const { page } = session;
  const bus = fleet.buses[2];
  if (!bus) throw new Error('no bus');
  const box = await infoBoxOf(page, bus.car.car_name);
  await box.getByTestId('info-action-snapshot').click();
  const win = page.getByTestId('snapshot-window').locator('.ant-modal');
  await win.waitFor();
  // The demo bus's cameras are CH1–CH4 (its record's channel list): pick the second.
  await win.getByTestId('snapshot-channel').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '2 · CH2' }).click();
  await win.getByTestId('snapshot-take').click();
  const image = win.getByTestId('snapshot-image');
  await image.waitFor({ timeout: 30_000 });
  // The terminal's JPEG, decoded by the browser at the default resolution (4: 1024×768).
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1024);
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalHeight)).toBe(768);
  await shot(page, 'commands-snapshot.png');
  expect(await axeViolations(page)).toEqual([]);
  expect(await text(win)).toContain(bus.car.car_name);
});
