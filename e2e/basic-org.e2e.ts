import { HeadwayClient } from '@headway/server/test-client';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import type { EmployeeRow, FleetRow } from '../packages/server/src/contract/organisation.ts';
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
import { DEMO_PASSWORD } from './support/server.ts';

// Basic data of the organisation end to end (issue 14): an administrator creates a fleet and a driver (with licence
// data, in that fleet) in the console and sees both listed; the staff list in English, Chinese and Thai, each
// screenshot and clean under axe. What it made is removed afterwards: the files share one server.

const FLEET = 'E2E Night Fleet';
const DRIVER = 'E2E Maria Lopez';

let browser: Browser;
let session: Session;
let page: Page;
let admin: HeadwayClient;
const pageErrors: string[] = [];

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  browser = await launch();
  session = await openSession(browser, 'basic-org');
  page = session.page;
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await login(page, 'admin');
});
keepArtifactsOnFailure(() => session, 'basic-org');
afterAll(async () => {
  const staff = await admin.get<ListResult<EmployeeRow>>(`/basic/employees?search=${encodeURIComponent(DRIVER)}`);
  for (const row of staff.result?.rows ?? []) await admin.delete(`/basic/employees/${row.id}`);
  const fleets = await admin.get<ListResult<FleetRow>>(`/basic/fleets?search=${encodeURIComponent(FLEET)}`);
  for (const row of fleets.result?.rows ?? []) await admin.delete(`/basic/fleets/${row.id}`);
  if (session) await closeSession(session);
  await browser?.close();
});

const dialog = () => page.locator('.ant-modal:visible');

async function choose(field: string, option: string) {
  await dialog().locator(`#${field}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').getByText(option, { exact: true }).click();
}

describe('organisation basic data (admin)', () => {
  it('creates a fleet in the console and lists it; a duplicate name is refused by the form', async () => {
    await page.goto('/basic/fleet');
    await page.getByTestId('fleet-page').waitFor();
    await page.getByTestId('fleet-add').click();
    await page.getByTestId('fleet-name').fill(FLEET);
    await choose('category', 'City bus');
    await dialog().locator('#phone').fill('+1 718 555 0199');
    await dialog().getByRole('button', { name: 'Save' }).click();
    const row = page.locator('[data-testid^="fleet-row-"]', { hasText: FLEET });
    await row.waitFor();
    expect(await row.textContent()).toContain('City bus');

    await page.getByTestId('fleet-add').click();
    await page.getByTestId('fleet-name').fill(FLEET);
    await dialog().getByText(`Fleet [${FLEET}] already exists`).waitFor();
    await shot(page, 'basic-org-fleet-dialog.png');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await shot(page, 'basic-org-fleets.png');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('creates a driver with licence data in that fleet and lists them on the job', async () => {
    await page.goto('/basic/employee');
    await page.getByTestId('employee-page').waitFor();
    await page.getByTestId('employee-add').click();
    // The add form proposes the next employee number (get-max-empid).
    const number = page.getByTestId('employee-emp-id');
    await expect.poll(() => number.inputValue()).not.toBe('');
    await page.getByTestId('employee-name').fill(DRIVER);
    await dialog().getByRole('button', { name: 'Save' }).click();
    // A driver carries a licence: the form says so before the server has to.
    await dialog().getByText('Licence no. cannot be empty').waitFor();
    await page.getByTestId('employee-licence-no').fill('NY12345678');
    await choose('licence_class', 'B1');
    await choose('fleet_id', FLEET);
    await dialog().locator('#phone').fill('+1 718 555 0142');
    await shot(page, 'basic-org-employee-dialog.png');
    await dialog().getByRole('button', { name: 'Save' }).click();
    const row = page.locator('[data-testid^="employee-row-"]', { hasText: DRIVER });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain(FLEET);
    expect(text).toContain('On the job');
    // The licence number is shown masked (spec section 5).
    expect(text).toContain('NY12****5678');
    expect(text).not.toContain('NY12345678');
    await shot(page, 'basic-org-staff-en.png');
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  for (const [path, testId] of [
    ['/basic/organisation', 'organisation'],
    ['/basic/company', 'company'],
    ['/basic/ic-card', 'ic-card'],
    ['/basic/display-info', 'display-info'],
  ] as const) {
    it(`shows ${path} clean under axe`, async () => {
      await page.goto(path);
      const screen = page.getByTestId(`${testId}-page`);
      await screen.locator(':is(.ant-table-row, .ant-table-placeholder)').first().waitFor();
      await expect.poll(() => screen.locator('.ant-spin-spinning').count()).toBe(0);
      await shot(page, `basic-org-${testId}.png`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const [locale, language, column, onJob] of [
    ['zh-CN', 'zh', '工号', '在职'],
    ['th-TH', 'th', 'รหัสพนักงาน', 'ปฏิบัติงาน'],
  ] as const) {
    it(`lists the staff in ${language}`, async () => {
      const other = await openSession(browser, `basic-org-${language}`, locale);
      try {
        await login(other.page, 'admin');
        await other.page.goto('/basic/employee');
        const row = other.page.locator('[data-testid^="employee-row-"]', { hasText: DRIVER });
        await row.waitFor();
        await other.page.getByRole('columnheader', { name: column }).first().waitFor();
        expect(await row.textContent()).toContain(onJob);
        await shot(other.page, `basic-org-staff-${language}.png`);
        expect(await axeViolations(other.page)).toEqual([]);
      } finally {
        await closeSession(other);
      }
    });
  }
});
