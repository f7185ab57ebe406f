/**
 * Console weight: the JavaScript a browser downloads per screen of the console, measured in headless Chromium
 * against a real server (packages/server/src/main.ts on a temporary SQLite directory with the demo seed), the
 * way a user meets it: open the login page, sign in, open the live map, then every other screen in the menu.
 *
 *   node scripts/build-web.mjs && node --import tsx bench/console-weight.ts [--json] [--files]
 *
 * Per step it prints the JS responses that step added (the browser's cache keeps the earlier ones): raw bytes
 * (decoded), gzip-equivalent bytes (each body gzipped at level 9, what the server's precompressed .gz files
 * hold), bytes on the wire (the encoded body), the number of requests and the content encodings they came in.
 * Targets (issue 10): the login page ≤ 250 KiB gz, everything through the live map ≤ 900 KiB gz. Results are
 * kept in docs/performance.md "Console weight". Requests to any other origin (map tiles) are aborted: nothing
 * leaves this machine.
 */

import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { DEMO_PASSWORD, startServer } from '../e2e/support/server.ts';

const { values: args } = parseArgs({
  options: { json: { type: 'boolean', default: false }, files: { type: 'boolean', default: false } },
});

const LOGIN_BUDGET_KIB = 250;
const LIVE_MAP_BUDGET_KIB = 900;

interface Script {
  url: string;
  raw: number;
  gz: number;
  wire: number;
  encoding: string;
}

interface Step {
  name: string;
  scripts: Script[];
}

const kib = (bytes: number) => bytes / 1024;
const sum = (scripts: readonly Script[], field: 'raw' | 'gz' | 'wire') => scripts.reduce((n, s) => n + s[field], 0);

/** Resolves once the page has had no request in flight for `quietMs` (the SPA's lazy chunks have all arrived). */
function quiet(page: Page, quietMs = 800, timeoutMs = 20_000): Promise<void> {
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve, reject) => {
    const deadline = setTimeout(() => {
      done();
      reject(new Error('the page did not go quiet'));
    }, timeoutMs);
    const arm = () => {
      clearTimeout(timer);
      if (inFlight === 0) timer = setTimeout(finish, quietMs);
    };
    const started = () => {
      inFlight++;
      clearTimeout(timer);
    };
    const ended = () => {
      inFlight = Math.max(0, inFlight - 1);
      arm();
    };
    const done = () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    };
    const finish = () => {
      done();
      resolve();
    };
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-background-networking', '--enable-unsafe-swiftshader'],
  });
  const steps: Step[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    // Only this server is spoken to: map tiles and anything else external are refused before they leave.
    await context.route(
      (url) => url.origin !== server.url,
      (route) => route.abort(),
    );
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    let current: Script[] = [];
    const pending: Promise<void>[] = [];
    const record = async (response: import('playwright-core').Response) => {
      const url = response.url();
      if (!url.startsWith(server.url) || !/\.m?js(\?|$)/.test(new URL(url).pathname)) return;
      const body = await response.body();
      const sizes = await response.request().sizes();
      current.push({
        url: new URL(url).pathname,
        raw: body.length,
        gz: gzipSync(body, { level: 9 }).length,
        wire: sizes.responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
      });
    };
    // Dedicated workers (the live worker) fetch their script outside the page's own requests: watch both.
    context.on('response', (response) => {
      pending.push(record(response).catch(() => undefined));
    });

    async function step(name: string, act: () => Promise<void>): Promise<void> {
      current = [];
      const settled = quiet(page);
      await act();
      await settled;
      await Promise.all(pending.splice(0));
      steps.push({ name, scripts: current });
    }

    await step('login page', async () => {
      await page.goto(`${server.url}/login`);
      await page.getByTestId('login-submit').waitFor();
    });
    await step('sign in → dashboard', async () => {
      await page.getByTestId('login-account').fill('admin');
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('dashboard-welcome').waitFor();
    });

    // Every submenu open, then the screens in sidebar order, the live map first.
    for (const submenu of await page.locator('[data-testid^="submenu-"]').all()) {
      const key = (await submenu.getAttribute('data-testid'))?.slice('submenu-'.length) ?? '';
      if ((await page.locator(`[data-testid^="menu-${key}/"]`).count()) === 0) await submenu.click();
    }
    const screens = (
      await page
        .locator('[data-testid^="menu-"]')
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')?.slice('menu-'.length) ?? ''))
    ).filter((path) => path.startsWith('/') && path !== '/dashboard');
    screens.sort((a, b) => Number(b === '/monitoring/map') - Number(a === '/monitoring/map'));
    for (const path of screens) {
      await step(path === '/monitoring/map' ? 'live map' : path, async () => {
        await page.getByTestId(`menu-${path}`).click();
        await page.waitForURL(`**${path}`);
        if (path === '/monitoring/map') await page.getByTestId('vehicle-search').waitFor();
      });
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  const throughMap = steps.slice(0, steps.findIndex((s) => s.name === 'live map') + 1).flatMap((s) => s.scripts);
  const login = steps[0]?.scripts ?? [];
  if (args.json) {
    console.log(JSON.stringify({ steps, loginGz: sum(login, 'gz'), throughMapGz: sum(throughMap, 'gz') }, null, 2));
    return;
  }
  const rows = steps.map((s) => {
    const encodings = [...new Set(s.scripts.map((x) => x.encoding))].join(', ') || '—';
    return `| ${s.name} | ${s.scripts.length} | ${kib(sum(s.scripts, 'raw')).toFixed(1)} | ${kib(sum(s.scripts, 'gz')).toFixed(1)} | ${kib(sum(s.scripts, 'wire')).toFixed(1)} | ${encodings} |`;
  });
  console.log('| step (new JS only) | requests | JS raw KiB | JS gz KiB | on the wire KiB | encodings |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(
    `| **through the live map** | ${throughMap.length} | ${kib(sum(throughMap, 'raw')).toFixed(1)} | ${kib(sum(throughMap, 'gz')).toFixed(1)} | ${kib(sum(throughMap, 'wire')).toFixed(1)} | |`,
  );
  console.log(
    `\nlogin page ${kib(sum(login, 'gz')).toFixed(1)} KiB gz (budget ${LOGIN_BUDGET_KIB}); through the live map ${kib(sum(throughMap, 'gz')).toFixed(1)} KiB gz (budget ${LIVE_MAP_BUDGET_KIB})`,
  );
  if (args.files) {
    for (const s of steps) {
      console.log(`\n${s.name}`);
      for (const x of [...s.scripts].sort((a, b) => b.gz - a.gz)) {
        console.log(
          `  ${kib(x.gz).toFixed(1).padStart(7)} gz ${kib(x.raw).toFixed(1).padStart(8)} raw  ${x.encoding.padEnd(8)} ${x.url}`,
        );
      }
    }
  }
}

await main();
