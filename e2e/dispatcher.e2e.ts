import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeSession, launch, login, openSession, shot } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const menuKeys = (page: import('playwright-core').Page) =>
  page.locator('[data-testid^="menu-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

it('a dispatcher sees a smaller menu than the administrator', async () => {
  const admin = await openSession(browser, 'admin-menu');
  await login(admin.page, 'admin');
  await admin.page.getByTestId('sidebar').getByText('System', { exact: true }).click();
  await admin.page.getByTestId('menu-/system/online').waitFor();
  const adminMenu = await menuKeys(admin.page);
  await closeSession(admin);

  const dispatcher = await openSession(browser, 'dispatcher-menu');
  const page = dispatcher.page;
  await login(page, 'dispatcher');
  // One visible screen of a group shows in the group's place (spec section 2): no "System" to open; Monitoring holds
  // the dispatcher's three screens (live map, line map, track playback), so it stays a group.
  expect(await page.getByTestId('submenu-/system').count()).toBe(0);
  await page.getByTestId('sidebar').getByText('Monitoring', { exact: true }).click();
  for (const screen of ['map', 'line-map', 'track-playback'])
    await page.getByTestId(`menu-/monitoring/${screen}`).waitFor();
  await page.getByTestId('menu-/system/online').click();
  await page.locator('[data-view="SystemOnline"] .ant-table-row').first().waitFor();
  const dispatcherMenu = await menuKeys(page);
  expect(adminMenu).toEqual(
    expect.arrayContaining(['menu-/dashboard', 'menu-/system/user', 'menu-/system/role', 'menu-/system/online']),
  );
  expect(dispatcherMenu).toEqual(expect.arrayContaining(['menu-/dashboard', 'menu-/system/online']));
  expect(dispatcherMenu).not.toContain('menu-/system/user');
  expect(dispatcherMenu).not.toContain('menu-/system/role');
  // (Not a count of entries: the dispatcher's Monitoring group is open here, and new screens change the totals.)
  // No edit bit on the screen: no force-offline action.
  expect(await page.getByText('Force offline').count()).toBe(0);
  await shot(page, 'dispatcher.png');

  // A screen outside the role is the no-permission page (spec: "ask the leader to assign permissions"); a path
  // that is no screen at all stays the 404 page.
  await page.goto('/system/user');
  await page.waitForURL('**/401');
  expect(await page.getByTestId('error-headline').textContent()).toBe('You have no permission to open this page');
  await page.getByText('Please ask the leader to assign permissions to you.').waitFor();
  await page.goto('/system/no-such-screen');
  await page.waitForURL('**/404');
  await closeSession(dispatcher);
});

it('renders the login page in each language', async () => {
  for (const [lang, locale, title] of [
    ['en', 'en-US', 'Sign in to your console'],
    ['zh', 'zh-CN', '登录控制台'],
    ['th', 'th-TH', 'เข้าสู่ระบบคอนโซล'],
  ] as const) {
    const s = await openSession(browser, `login-${lang}`, locale);
    await s.page.goto('/login');
    await s.page.getByText(title).waitFor();
    await shot(s.page, `login-${lang}.png`);
    await closeSession(s);
  }
});
