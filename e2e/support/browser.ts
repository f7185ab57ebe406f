import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject, onTestFailed } from 'vitest';
import { DEMO_PASSWORD, REPO_ROOT } from './server';

export const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--enable-unsafe-swiftshader'],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context with tracing; on a failed test its screenshot and trace land in e2e/artifacts. */
export async function openSession(browser: Browser, name: string, locale = 'en-US'): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, baseURL: baseUrl() });
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  onTestFailed(async () => {
    const safe = name.replace(/[^\w-]+/g, '_');
    await page.screenshot({ path: join(ARTIFACTS, `failed-${safe}.png`), fullPage: true }).catch(() => undefined);
    await context.tracing.stop({ path: join(ARTIFACTS, `failed-${safe}-trace.zip`) }).catch(() => undefined);
  });
  return { context, page };
}

export async function closeSession(session: Session): Promise<void> {
  await session.context.tracing.stop().catch(() => undefined);
  await session.context.close();
}

export async function login(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('layout').waitFor();
  await page.getByTestId('dashboard-welcome').waitFor();
}

export async function shot(page: Page, file: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, file) });
}
