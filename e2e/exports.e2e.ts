import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HeadwayClient } from '@headway/server/test-client';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
} from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';

// Exports end to end (issue 14): Basic → Custom areas exported from the query bar's dropdown as xlsx and as PDF;
// the browser's downloads are read back (exceljs; poppler's pdftotext, and a page rendered with pdftoppm into
// e2e/artifacts to look at the Chinese and Thai).

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
afterAll(async () => {
  for (const id of created) await admin?.delete(`/basic/region/${id}`);
  if (session) await closeSession(session);
  await browser?.close();
});

async function exportFrom(choice: string): Promise<{ name: string; path: string }> {
  const { page } = session;
  await page.getByTestId('region-page-export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`region-page-export-${choice}`).click(),
  ]);
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
