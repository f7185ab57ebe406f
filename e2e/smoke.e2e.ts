import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeSession, launch, login, openSession, shot } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('smoke: logs in and shows the shell', async () => {
  const session = await openSession(browser, 'smoke');
  const errors: string[] = [];
  session.page.on('pageerror', (e) => errors.push(e.message));
  session.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await login(session.page, 'admin');
  await shot(session.page, 'smoke.png');
  console.log(errors);
  expect(await session.page.getByTestId('sidebar').isVisible()).toBe(true);
  await closeSession(session);
});
