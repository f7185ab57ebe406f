import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { closeSession, keepArtifactsOnFailure, launch, login, openSession, type Session } from './support/browser.ts';

// Every screen passes axe-core's WCAG 2.1 A/AA rules without a serious or critical violation: the ones a keyboard or
// screen-reader user cannot get past (no name, no role, unreachable controls, unreadable contrast).
let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openSession(browser, 'accessibility');
  page = session.page;
});
keepArtifactsOnFailure(() => session, 'accessibility');
afterAll(async () => {
  if (session) await closeSession(session);
  await browser?.close();
});

async function expectAccessible(): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

describe('accessibility (axe-core)', () => {
  it('login', async () => {
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await expectAccessible();
  });

  it('dashboard, with the shell around it', async () => {
    await login(page, 'admin');
    await expectAccessible();
  });

  it('live map', async () => {
    await page.goto('/monitoring/map');
    await page.getByTestId('map-canvas').waitFor();
    await page.locator('.hw-vtree__car').first().waitFor();
    await expectAccessible();
  });

  for (const [path, view] of [
    ['/system/user', 'SystemUser'],
    ['/system/role', 'SystemRole'],
    ['/system/console', 'SystemConsole'],
    ['/system/online', 'SystemOnline'],
    ['/basic/region', 'BasicRegion'],
  ] as const) {
    it(`list screen ${path}`, async () => {
      await page.goto(path);
      // A list has loaded once its table shows rows or its empty text (the demo has no consoles).
      await page.locator(`[data-view="${view}"] :is(.ant-table-row, .ant-table-placeholder)`).first().waitFor();
      await expect.poll(() => page.locator(`[data-view="${view}"] .ant-spin-spinning`).count()).toBe(0);
      await expectAccessible();
    });
  }

  it('profile', async () => {
    await page.goto('/profile/index');
    await page.locator('[data-view="Profile"] form').first().waitFor();
    await expectAccessible();
  });

  it('settings dialog', async () => {
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('open-settings').click();
    const tabs = page.locator('.hw-settings__tabs');
    await tabs.waitFor();
    await expectAccessible();
    await page.keyboard.press('Escape');
    await tabs.waitFor({ state: 'detached' });
  });

  it('404 and 401', async () => {
    await page.goto('/no/such/screen');
    await page.waitForURL('**/404');
    await expectAccessible();
    await page.goto('/401');
    await page.getByTestId('error-headline').waitFor();
    await expectAccessible();
  });
});
