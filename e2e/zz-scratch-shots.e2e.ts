import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import type { TestTerminal } from '../packages/server/src/gateway/testing/terminal.ts';
import { ARTIFACTS, baseUrl, launch } from './support/browser.ts';
import { mapServer, reportDemoFleet } from './support/live-map.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { join } from 'node:path';

let browser: Browser;
let terminals: TestTerminal[] = [];
let cars: string[] = [];
beforeAll(async () => {
  ({ terminals, cars } = await reportDemoFleet(mapServer(baseUrl()), 48));
  browser = await launch();
});
afterAll(async () => {
  for (const t of terminals) t.close();
  await browser?.close();
});

it('shots', async () => {
  for (const [locale, w, h] of [['en-US', 1366, 768], ['th-TH', 1440, 900], ['en-US', 1440, 900]] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, locale, baseURL: baseUrl() });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-account').fill('dispatcher');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('layout').waitFor();
    await page.goto('/monitoring/map');
    await page.getByTestId(`vehicle-${cars[4]}`).click();
    await page.getByTestId('info-box').waitFor();
    await page.waitForTimeout(1500);
    const m = await page.evaluate(() => {
      const r = (s: string) => document.querySelector(s)?.getBoundingClientRect().toJSON();
      const c = document.querySelector('.hw-content') as HTMLElement;
      const b = document.querySelector('.hw-infobox__body') as HTMLElement;
      return { content: [c.scrollHeight, c.clientHeight], body: [b.scrollHeight, b.clientHeight], info: r('.hw-infobox'), legend: r('.hw-legend'), zoom: r('.ol-zoom'), map: r('.hw-monitor__map') };
    });
    console.log(locale, w, h, JSON.stringify(m));
    await page.screenshot({ path: join(ARTIFACTS, `scratch-${locale}-${w}x${h}.png`) });
    await context.close();
  }
});
