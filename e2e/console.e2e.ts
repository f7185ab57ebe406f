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

// System → Consoles against the real API: a console is created with one of the demo company's lines, the name
// validator refuses a second console of the same name, and the console is deleted again (no user is assigned, so
// the other browser tests keep seeing the whole company).
let browser: Browser;
let session: Session;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  session = await openSession(browser, 'console');
  page = session.page;
  await login(page, 'admin');
});
keepArtifactsOnFailure(() => session, 'console');
afterAll(async () => {
  if (session) await closeSession(session);
  await browser?.close();
});

const dialog = () => page.locator('.ant-modal:visible');

describe('System → Consoles (admin)', () => {
  it('creates a console with a line, refuses its name twice, and deletes it', async () => {
    await page.goto('/system/console');
    await page.getByTestId('console-add').click();
    const form = page.getByTestId('console-form');
    await form.locator('#console_name').fill('E2E desk');
    await form.locator('#route_ids').click();
    const option = page.locator('.ant-select-item-option:visible').first();
    await option.waitFor();
    const label = (await option.textContent()) ?? '';
    const routeCode = label.split(' · ')[0]?.trim() ?? '';
    expect(routeCode).not.toBe('');
    await option.click();
    // Close the dropdown before saving.
    await dialog().locator('.ant-modal-title').click();
    await shot(page, 'console-dialog.png');
    await dialog().getByRole('button', { name: 'Save' }).click();

    const row = page.locator('[data-view="SystemConsole"] .ant-table-row', { hasText: 'E2E desk' });
    await row.waitFor();
    await row.locator('.ant-tag', { hasText: routeCode }).first().waitFor();
    await shot(page, 'console-list.png');

    await page.getByTestId('console-add').click();
    await page.getByTestId('console-form').locator('#console_name').fill('e2e DESK');
    await dialog().getByText('Console name [e2e DESK] already exists').waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'OK' }).click();
    await row.waitFor({ state: 'detached' });
  });
});
