import { HeadwayClient } from '@headway/server/test-client';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { closeSession, keepArtifactsOnFailure, launch, login, openSession, type Session } from './browser.ts';
import { type EmptyCompany, type RunningServer, startServer } from './server.ts';

export interface EmptyDeployment {
  server: RunningServer;
  browser: Browser;
  /** Chromium in English, signed in as the company's administrator. */
  session: Session;
  /** The same administrator over the API. */
  api: HeadwayClient;
}

/**
 * A file's own empty deployment (HEADWAY_DEMO=0 and one administrator), started before its tests and stopped after
 * them; read the returned object's fields inside the tests. Failing tests keep their screenshot and trace.
 */
export function emptyDeployment(name: string, empty: EmptyCompany): EmptyDeployment {
  const deployment = {} as EmptyDeployment;
  beforeAll(async () => {
    deployment.server = await startServer({ empty });
    deployment.api = new HeadwayClient(deployment.server.url);
    expect((await deployment.api.login(empty.account, empty.password)).code).toBe(0);
    deployment.browser = await launch();
    deployment.session = await openSession(deployment.browser, name, 'en-US', deployment.server.url);
    await login(deployment.session.page, empty.account, empty.password);
  }, 120_000);
  keepArtifactsOnFailure(() => deployment.session, name);
  afterAll(async () => {
    if (deployment.session) await closeSession(deployment.session);
    await deployment.browser?.close();
    await deployment.server?.stop();
  });
  return deployment;
}
