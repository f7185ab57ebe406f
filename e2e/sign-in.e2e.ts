import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeSession, launch, login, openSession, shot } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// WeChat-style callback (docs/api.md): the server runs with HEADWAY_WECHAT_DEV=1, where code `dev:<id>` is union_id <id>.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('binds a WeChat union_id at the next login and signs in with it afterwards', async () => {
  const s = await openSession(browser, 'wechat');
  const page = s.page;
  await page.goto('/?code=dev:e2e-union-1');
  await page.waitForURL('**/login?unionId=e2e-union-1');
  await page.getByText('Sign in once to link your WeChat account').waitFor();
  await page.getByTestId('login-account').fill('dispatcher');
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-welcome').waitFor();
  await page.getByTestId('avatar-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');

  await page.goto('/system/online?code=dev:e2e-union-1');
  await page.waitForURL('**/system/online');
  await page.getByTestId('layout').waitFor();
  expect(await page.getByTestId('avatar-menu').textContent()).toContain('Dispatcher');
  await closeSession(s);
});

it('an unknown code returns to the login page', async () => {
  const s = await openSession(browser, 'wechat-bad');
  await s.page.goto('/dashboard?code=not-a-dev-code');
  await s.page.waitForURL(/\/login$/);
  await closeSession(s);
});

it('mobile: the hamburger opens the sidebar as a drawer that closes on navigation', async () => {
  const s = await openSession(browser, 'mobile');
  const page = s.page;
  await page.setViewportSize({ width: 820, height: 1000 });
  await login(page, 'admin');
  expect(await page.getByTestId('sidebar').count()).toBe(0);
  await page.getByTestId('hamburger').click();
  await page.locator('.ant-drawer').getByText('System', { exact: true }).click();
  await shot(page, 'mobile-drawer.png');
  await page.getByTestId('menu-/system/role').click();
  await page.waitForURL('**/system/role');
  await expect.poll(() => page.locator('.ant-drawer-content:visible').count()).toBe(0);
  await closeSession(s);
});
