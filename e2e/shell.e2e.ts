import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readableShade } from '../packages/web/src/shell/settings/readable-shade.ts';
import {
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openMenu as openMenuOf,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';

// One administrator session walks through the shell the way a dispatcher's day would.
let browser: Browser;
let session: Session;
let page: Page;

const tabPaths = async () =>
  page.locator('[data-testid^="tag-/"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(4)));

const openMenu = (group: string, item: string) => openMenuOf(page, group, item);

async function dialogText(text: string) {
  await page.locator('.ant-modal:visible').getByText(text).first().waitFor();
}

async function primaryColour(): Promise<string> {
  return page.locator('.hw-tag--active').evaluate((el) => getComputedStyle(el).backgroundColor);
}

/** How the console draws a theme colour: its shade with 4.5:1 against white (readable-shade.ts). */
function drawn(theme: string): string {
  const hex = readableShade(theme);
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

beforeAll(async () => {
  browser = await launch();
  session = await openSession(browser, 'shell');
  page = session.page;
});
keepArtifactsOnFailure(() => session, 'shell');
afterAll(async () => {
  if (session) await closeSession(session);
  await browser?.close();
});

describe('console shell (admin)', () => {
  it('sends a visitor to login with a redirect and back after signing in', async () => {
    await page.goto('/system/user');
    await page.waitForURL('**/login?redirect=%2Fsystem%2Fuser');
    await page.getByTestId('login-account').fill('admin');
    await page.getByTestId('login-password').fill('wrong-password-1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error').textContent()).resolves.toContain('Account or password error');
    await login(page, 'admin');
  });

  it('follows menu items and opens several tabs', async () => {
    // The browser tab is dressed with the screen and the company's title (spec section 1), not "Headway".
    await expect.poll(() => page.title()).toBe('Dashboard - Headway · Demo Transit');
    await openMenu('System', '/system/user');
    await page.locator('[data-view="SystemUser"] .ant-table-row').first().waitFor();
    expect(await page.getByTestId('breadcrumb').textContent()).toBe('Dashboard/System/Users');
    await expect.poll(() => page.title()).toBe('Users - Headway · Demo Transit');
    await openMenu('System', '/system/role');
    await page.locator('[data-view="SystemRole"] .ant-table-row').first().waitFor();
    await openMenu('System', '/system/online');
    await page.locator('[data-view="SystemOnline"] .ant-table-row').first().waitFor();
    expect(await tabPaths()).toEqual(['/dashboard', '/system/user', '/system/role', '/system/online']);
  });

  it('keeps a cached page alive between tabs', async () => {
    await page.getByTestId('tag-/system/user').click();
    const search = page.locator('[data-view="SystemUser"] input').first();
    await search.fill('admin');
    await page.getByTestId('tag-/system/role').click();
    await page.waitForURL('**/system/role');
    await expect.poll(() => page.locator('[data-view="SystemUser"]').isVisible()).toBe(false);
    await page.getByTestId('tag-/system/user').click();
    expect(await search.inputValue()).toBe('admin');
  });

  it('finds a screen with the header search', async () => {
    await page.getByTestId('header-search').click();
    await page.keyboard.type('onlin');
    await page.locator('.ant-select-item-option').first().click();
    await page.waitForURL('**/system/online');
  });

  it('closes other tabs from the context menu', async () => {
    await page.getByTestId('tag-/system/role').click({ button: 'right' });
    await page.getByTestId('tag-menu-others').click();
    await page.waitForURL('**/system/role');
    expect(await tabPaths()).toEqual(['/dashboard', '/system/role']);
  });

  it('moves between tabs with the arrows and closes one with Delete (WAI-ARIA tabs)', async () => {
    await openMenu('System', '/system/user');
    await expect.poll(() => page.getByRole('tablist').getByRole('tab').count()).toBe(3);
    const users = page.getByTestId('tag-/system/user');
    await users.focus();
    await page.keyboard.press('ArrowLeft');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('tag-/system/role');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Delete');
    await page.waitForURL('**/system/role');
    expect(await tabPaths()).toEqual(['/dashboard', '/system/role']);
    // The dashboard is affixed: Delete leaves it.
    await page.getByTestId('tag-/dashboard').focus();
    await page.keyboard.press('Delete');
    expect(await tabPaths()).toEqual(['/dashboard', '/system/role']);
  });

  it('middle-click closes a tab and the active one falls back to the last tab', async () => {
    await openMenu('System', '/system/user');
    await page.getByTestId('tag-/system/user').click({ button: 'middle' });
    await page.waitForURL('**/system/role');
    expect(await tabPaths()).toEqual(['/dashboard', '/system/role']);
  });

  it('changes the component size and refreshes the page through /redirect', async () => {
    const search = page.locator('[data-view="SystemRole"] .hw-toolbar input').first();
    const add = page.locator('[data-view="SystemRole"] .hw-toolbar button.ant-btn-primary');
    await search.fill('typed before the refresh');
    expect(await add.getAttribute('class')).not.toContain('ant-btn-sm');
    await page.getByTestId('size-select').click();
    await page.getByTestId('size-small').click();
    await page.getByText('Switch Size Success').waitFor();
    await page.waitForURL('**/system/role');
    await expect.poll(() => add.getAttribute('class')).toContain('ant-btn-sm');
    // The page was remounted: its filter is back to empty.
    await expect.poll(() => search.inputValue()).toBe('');
    await page.getByTestId('size-select').click();
    await page.getByTestId('size-middle').click();
    await expect.poll(() => add.getAttribute('class')).not.toContain('ant-btn-sm');
  });

  it('switches to Thai and Chinese and back', async () => {
    await openMenu('System', '/system/user');
    await page.locator('[data-view="SystemUser"] .ant-table-row').first().waitFor();
    await shot(page, 'shell-en.png');
    const roleTags = () => page.locator('[data-view="SystemUser"] .ant-table-row .ant-tag-blue').allTextContents();
    for (const [label, roles, users, admin, file] of [
      ['ไทย', 'บทบาท', 'ผู้ใช้', 'ผู้ดูแลบริษัท', 'shell-th.png'],
      ['简体中文', '角色管理', '用户管理', '公司管理员', 'shell-zh.png'],
      ['English', 'Roles', 'Users', 'Company administrator', null],
    ] as const) {
      await page.getByTestId('language-select').click();
      await page.locator('.ant-dropdown-menu-item:visible').getByText(label, { exact: true }).click();
      await page.getByTestId('menu-/system/role').getByText(roles, { exact: true }).waitFor();
      expect(await page.getByTestId('tag-/system/user').textContent()).toBe(users);
      // Seeded roles are data in English: shown in the console's language, stored as they are.
      await expect.poll(roleTags).toContain(admin);
      // Every sidebar label fits its 210 px column (no "…").
      const cut = await page
        .locator('[data-testid="sidebar"] .ant-menu-title-content')
        .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
      expect(cut).toEqual([]);
      if (file) await shot(page, file);
    }
  });

  it('recolours the console with the theme colour and keeps it after reload', async () => {
    const before = await primaryColour();
    expect(before).toBe(drawn('#409EFF'));
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('open-settings').click();
    await page.getByTestId('theme-swatch-#F5222D').click();
    await expect.poll(primaryColour).toBe(drawn('#F5222D'));
    const button = await page
      .locator('.ant-modal .ant-radio-button-wrapper-checked')
      .first()
      .evaluate((el) => getComputedStyle(el).borderColor);
    expect(button).toBe(drawn('#F5222D'));
    await shot(page, 'settings-dialog.png');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('layout').waitFor();
    await expect.poll(primaryColour).toBe(drawn('#F5222D'));
  });

  it('opens settings at 680×500 with a full-screen option, offering only settings that do something', async () => {
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('open-settings').click();
    const box = page.locator('.hw-settings__box');
    await box.waitFor();
    await expect.poll(() => box.boundingBox().then((b) => [b?.width, b?.height])).toEqual([680, 500]);
    // Table layout and debug wait for their features (docs/console.md); Line map came with the line map;
    // Other holds the alarm sound and the two expiry reminder switches.
    expect(await page.locator('.hw-settings__tabs [role="tab"]').allTextContents()).toEqual([
      'Layout',
      'Map',
      'Line map',
      'Other',
    ]);
    await page.locator('.hw-settings__tabs [role="tab"]', { hasText: 'Other' }).click();
    await page.locator('.hw-settings').getByRole('combobox', { name: 'Alarm sound' }).waitFor();
    expect(await page.locator('.hw-settings').getByRole('switch').count()).toBe(2);
    await page.locator('.hw-settings').getByRole('switch', { name: 'Insurance expiry reminder' }).waitFor();
    await page.locator('.hw-settings').getByRole('switch', { name: 'Vehicle expiry reminder' }).waitFor();
    await page.locator('.hw-settings').getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => box.boundingBox().then((b) => [b?.width, b?.height])).toEqual([1440, 900]);
    await page.keyboard.press('Escape');
    await box.waitFor({ state: 'detached' });
  });

  it('collects client errors in the error log', async () => {
    expect(await page.getByTestId('error-log').count()).toBe(0);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e boom');
      });
      void Promise.reject(new Error('e2e rejection'));
    });
    await page.getByTestId('error-log').click();
    await dialogText('e2e boom');
    await dialogText('e2e rejection');
    await page.keyboard.press('Escape');
  });

  it('shows the 404 page for an unknown screen', async () => {
    await page.goto('/no/such/screen');
    await page.waitForURL('**/404');
    expect(await page.getByTestId('error-headline').textContent()).toContain('The webmaster said');
    await page.getByText('Back to home').click();
    await page.waitForURL('**/dashboard');
  });

  it('logs out to the login page', async () => {
    await page.getByTestId('avatar-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL('**/login');
    const cookies = await session.context.cookies();
    expect(cookies.find((c) => c.name === 'headway_session')).toBeUndefined();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=%2Fdashboard');
  });
});
