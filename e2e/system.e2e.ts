import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeSession,
  keepArtifactsOnFailure,
  launch,
  login,
  openSession,
  type Session,
  shot,
} from './support/browser.ts';

// System screens against the real API: users with the spec's validation, roles with the permission matrix.
let browser: Browser;
let session: Session;
let page: Page;
/** Uncaught errors of the page: a failed call must be explained, never thrown at nobody. */
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launch();
  session = await openSession(browser, 'system');
  page = session.page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await login(page, 'admin');
});
keepArtifactsOnFailure(() => session, 'system');
afterAll(async () => {
  if (session) await closeSession(session);
  await browser?.close();
});

const dialog = () => page.locator('.ant-modal:visible');

describe('system screens (admin)', () => {
  it('creates a user after the password rules pass, then deletes it', async () => {
    await page.goto('/system/user');
    await page.getByTestId('user-add').click();
    const form = page.getByTestId('user-form');
    await form.locator('#account').fill('e2e.user');
    await form.locator('#user_name').fill('E2E User');
    await form.locator('#password').fill('abcdef');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Password must be at least 6 characters and contain letters and digits').waitFor();
    await form.locator('#password').fill('E2E.user1');
    await form.locator('#role_id').click();
    await page.locator('.ant-select-item-option:visible').getByText('Dispatcher', { exact: true }).click();
    await shot(page, 'user-dialog.png');
    await dialog().getByRole('button', { name: 'Save' }).click();
    const row = page.locator('[data-view="SystemUser"] .ant-table-row', { hasText: 'e2e.user' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await row.waitFor({ state: 'detached' });
  });

  it('offers a company administrator only the roles the server lets them give', async () => {
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form').locator('#role_id').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const offered = await options.allTextContents();
    expect(offered).toContain('Company administrator');
    expect(offered).toContain('Dispatcher');
    // @System is the platform's: the server answers 1005 to anyone else (users/routes.ts).
    expect(offered).not.toContain('System administrator');
    await page.keyboard.press('Escape');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it("explains why one's own account cannot be deleted, without a page error", async () => {
    const own = page.locator('[data-view="SystemUser"] .ant-table-row', { hasText: 'Administrator' }).filter({
      has: page.getByText('admin', { exact: true }),
    });
    await own.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await page.locator('.ant-message').getByText('You cannot delete your own account').waitFor();
    expect(await page.locator('.ant-message').getByText('Parameter error').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await own.waitFor();
  });

  it('refuses a taken account', async () => {
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form').locator('#account').fill('dispatcher');
    await dialog().getByText('Account [dispatcher] already exists').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });

  it('edits a custom role in the permission matrix', async () => {
    await page.goto('/system/role');
    const row = page.locator('[data-view="SystemRole"] .ant-table-row', { hasText: 'Dispatcher' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const matrix = dialog().getByTestId('permission-matrix');
    await matrix.locator('.ant-table-row').first().waitFor();
    const exportBit = matrix.getByLabel('SystemOnline export');
    expect(await exportBit.isChecked()).toBe(false);
    await exportBit.check();
    await shot(page, 'role-matrix.png');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect
      .poll(() => dialog().getByTestId('permission-matrix').getByLabel('SystemOnline export').isChecked())
      .toBe(true);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
  });
});
