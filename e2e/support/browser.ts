import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach, inject, onTestFailed } from 'vitest';
import { DEMO_PASSWORD, REPO_ROOT } from './server.ts';

export const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

export function baseUrl(): string {
  return inject('baseUrl');
}

/** `extraArgs`: e.g. the fake microphone of the talk test (--use-fake-device-for-media-stream). */
export async function launch(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-background-networking',
      '--enable-unsafe-swiftshader',
      ...extraArgs,
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
}

/** A fresh browser context with tracing; on a failed test its screenshot and trace land in e2e/artifacts. */
export async function openSession(
  browser: Browser,
  name: string,
  locale = 'en-US',
  /** A file's own server (first-run.e2e.ts starts an empty deployment); the shared one by default. */
  url = baseUrl(),
): Promise<Session> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale, baseURL: url });
  // Map tiles and anything else off our own origin are outside the system: answer them here, as the offline
  // machine would, instead of letting Chromium try the public hosts.
  const origin = new URL(url).origin;
  await context.route(
    (url) => url.origin !== origin && (url.protocol === 'http:' || url.protocol === 'https:'),
    (route) => route.abort('internetdisconnected'),
  );
  await context.tracing.start({ screenshots: true, snapshots: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    onTestFailed(() => saveArtifacts({ context, page }, name));
  } catch {
    // Opened in a hook, outside a test: keepArtifactsOnFailure() covers it.
  }
  return { context, page };
}

async function saveArtifacts(session: Session, name: string): Promise<void> {
  const safe = name.replace(/[^\w-]+/g, '_');
  await session.page.screenshot({ path: join(ARTIFACTS, `failed-${safe}.png`), fullPage: true }).catch(() => undefined);
  await session.context.tracing.stop({ path: join(ARTIFACTS, `failed-${safe}-trace.zip`) }).catch(() => undefined);
  await session.context.tracing.start({ screenshots: true, snapshots: true }).catch(() => undefined);
}

/** For a session shared by a file's tests: keep a screenshot and the trace of every failing test. */
export function keepArtifactsOnFailure(session: () => Session | undefined, name: string): void {
  afterEach(async (ctx) => {
    const s = session();
    if (s && ctx.task.result?.state === 'fail') await saveArtifacts(s, `${name}-${ctx.task.name}`);
  });
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

/** Screenshot once menus have closed and toasts have faded, so the picture shows the console itself. */
export async function shot(page: Page, file: string): Promise<void> {
  await page.mouse.move(720, 600);
  const overlays = page.locator('.ant-dropdown:visible, .ant-message-notice:visible, .ant-tooltip:visible');
  for (let i = 0; i < 30 && (await overlays.count()) > 0; i++) await page.waitForTimeout(200);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(ARTIFACTS, file) });
}

/** As a user goes: the sidebar's group (opened when the item is hidden), then its item; waits for its URL. */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const target = page.getByTestId(`menu-${item}`);
  if (!(await target.isVisible())) await page.getByTestId('sidebar').getByText(group, { exact: true }).click();
  await target.click();
  await page.waitForURL(`**${item}`);
}
