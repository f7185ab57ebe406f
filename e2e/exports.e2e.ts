import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadwayClient } from '@headway/server/test-client';
import { VEHICLE_FIELD_LABELS as L } from '@headway/spec';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ListResult } from '../packages/server/src/contract/lists.ts';
import type { RegionRow } from '../packages/server/src/contract/regions.ts';
import {
  ARTIFACTS,
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

// Exports and imports end to end (issue 14): Basic → Custom areas and Basic → Vehicle exported from the query bar's
// dropdown as xlsx and as PDF, the browser's downloads read back (exceljs; poppler's pdftotext, and a page rendered
// with pdftoppm into e2e/artifacts to look at the Chinese and Thai); then vehicles imported from an xlsx with two bad
// rows, refused by row and column with nothing written, and imported once fixed.

// A prefix of their own: the e2e files share one server, and regions.e2e.ts leaves its "E2E …" regions behind.
const NAMES = ['Export 人民广场', 'Export สถานีหมอชิต'];
const HAS_POPPLER = spawnSync('pdftotext', ['-v']).status === 0;

let browser: Browser;
let session: Session;
let admin: HeadwayClient;
const created: number[] = [];

beforeAll(async () => {
  admin = new HeadwayClient(baseUrl());
  await admin.login('admin', DEMO_PASSWORD);
  for (const [i, name] of NAMES.entries()) {
    const reply = await admin.post<RegionRow>('/basic/region', {
      region_name: name,
      region_type: 0,
      region_point: `40.55${i},-74.24`,
      is_share: 1,
    });
    expect(reply.code).toBe(0);
    created.push(reply.result.id);
  }
  browser = await launch();
  session = await openSession(browser, 'exports');
  await login(session.page, 'admin');
}, 120_000);
keepArtifactsOnFailure(() => session, 'exports');
const IMPORTED: string[] = ['Imported E2E 1', 'Imported E2E 2', 'Imported E2E 3'];
interface VehicleRow {
  car_id: number;
  car_name: string;
  lpn: string;
}
const vehicles = async (search: string) =>
  (await admin.get<ListResult<VehicleRow>>(`/basic/cars?page=1&limit=200&search=${encodeURIComponent(search)}`)).result
    .rows;

afterAll(async () => {
  for (const id of created) await admin?.delete(`/basic/region/${id}`);
  // The e2e files share one server: the imported vehicles go again.
  for (const v of admin ? await vehicles('Imported E2E') : []) await admin.delete(`/basic/cars/${v.car_id}`);
  if (session) await closeSession(session);
  await browser?.close();
});

async function exportFrom(choice: string, menu = 'region-page-export'): Promise<{ name: string; path: string }> {
  const { page } = session;
  await page.getByTestId(menu).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${menu}-${choice}`).click()]);
  const path = await download.path();
  if (!path) throw new Error('no download');
  return { name: download.suggestedFilename(), path };
}

it('exports the filtered list to xlsx and PDF from the browser, and the files read back', async () => {
  const { page } = session;
  await page.goto('/basic/region');
  await page.getByTestId('region-page-search').locator('input').fill('Export');
  await page.getByTestId('region-page-search').locator('input').press('Enter');
  await page.getByText(NAMES[0] as string).waitFor();

  const xlsx = await exportFrom('all-xlsx');
  expect(xlsx.name).toMatch(/^regions-\d{8}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(xlsx.path) as unknown as ArrayBuffer);
  const names: string[] = [];
  workbook.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(1).value));
  });
  expect(names.sort()).toEqual([...NAMES].sort());

  const pdf = await exportFrom('all-pdf');
  expect(pdf.name).toMatch(/^regions-\d{8}\.pdf$/);
  expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
  if (!HAS_POPPLER) {
    console.warn('pdftotext not installed (poppler-utils): the PDF text check is skipped');
    return;
  }
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf.path, '-'], { encoding: 'utf8' });
  for (const name of NAMES) expect(text).toContain(name);
  execFileSync('pdftoppm', [
    '-r',
    '100',
    '-f',
    '1',
    '-l',
    '1',
    '-png',
    pdf.path,
    join(ARTIFACTS, 'exports-regions-pdf'),
  ]);
}, 120_000);

it('exports the vehicle list to xlsx and PDF; an import with two bad rows is refused by row and column', async () => {
  const { page } = session;
  await page.goto('/basic/vehicle');
  await page.getByTestId('vehicle-page').locator('.ant-table-row').first().waitFor();
  const demo = (await vehicles('')).filter((v) => !v.car_name.startsWith('Imported'));
  const [taken, other] = demo;
  if (!taken || !other) throw new Error('the demo has too few vehicles');

  const xlsx = await exportFrom('all-xlsx', 'vehicle-page-export');
  expect(xlsx.name).toMatch(/^vehicles-\d{8}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(xlsx.path) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const nameColumn = header.indexOf(L.car_name.en) + 1;
  expect(nameColumn).toBeGreaterThan(0);
  const exported: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) exported.push(String(row.getCell(nameColumn).value));
  });
  expect(exported.sort()).toEqual(demo.map((v) => v.car_name).sort());
  const pdf = await exportFrom('all-pdf', 'vehicle-page-export');
  expect(pdf.name).toMatch(/^vehicles-\d{8}\.pdf$/);
  if (HAS_POPPLER) {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf.path, '-'], { encoding: 'utf8' });
    expect(text).toContain(taken.car_name);
  }

  // Three good rows; row 5 names a demo vehicle but gives another one's plate (a vehicle matched by name or plate,
  // docs/exports.md "Imports", so only this is a plate taken); row 6 has no plate.
  const rows: string[][] = [
    ...IMPORTED.map((name, i) => [name, `E2E-IMP-${i + 1}`]),
    [taken.car_name, other.lpn],
    ['Imported E2E no plate', ''],
  ];
  const file = async (data: string[][]) => {
    const book = new ExcelJS.Workbook();
    const s = book.addWorksheet('Vehicles');
    s.addRow([L.car_name.en, L.lpn.en, L.remark.en]);
    for (const r of data) s.addRow([...r, 'imported in the e2e']);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  await page.getByTestId('vehicle-import').click();
  await page.getByTestId('vehicle-import-dialog-choose').waitFor();
  const choose = async (buffer: Buffer) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByTestId('vehicle-import-dialog-choose').click(),
    ]);
    await chooser.setFiles({ name: 'vehicles.xlsx', mimeType: 'application/octet-stream', buffer });
  };
  await choose(await file(rows));
  const refused = page.getByTestId('vehicle-import-dialog-refused');
  await refused.waitFor();
  const cells = async () =>
    (await refused.locator('.ant-table-row').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
  await expect.poll(async () => (await cells()).length).toBe(2);
  const [first, second] = await cells();
  expect(first).toMatch(new RegExp(`^5 ?${L.lpn.en}`));
  expect(first).toContain(other.lpn);
  expect(second).toMatch(new RegExp(`^6 ?${L.lpn.en}`));
  expect(await page.getByTestId('vehicle-import-dialog-commit').isDisabled()).toBe(true);
  await shot(page, 'import-refused.png');
  expect(await vehicles('Imported E2E')).toEqual([]);

  // Fixed: the bad rows dropped; the preview counts three, Import writes them, the list shows them.
  await choose(await file(rows.slice(0, 3)));
  await expect.poll(() => page.getByTestId('vehicle-import-dialog-summary').textContent()).toContain('3');
  await expect.poll(() => refused.count()).toBe(0);
  await page.getByTestId('vehicle-import-dialog-commit').click();
  await expect.poll(async () => (await vehicles('Imported E2E')).map((v) => v.car_name).sort()).toEqual(IMPORTED);
  await page.getByTestId('vehicle-page-search').locator('input').fill('Imported E2E');
  await page.getByTestId('vehicle-page-search').locator('input').press('Enter');
  await expect.poll(() => page.getByTestId('vehicle-page').locator('.ant-table-row').count()).toBe(3);
}, 180_000);
