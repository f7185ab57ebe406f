import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import i18n from '../i18n';
import './jsdom-stand-ins';

/**
 * The frame of a component suite; call it inside `describe`. Labels in English; after each test the mounted tree
 * and any stubbed global (fetch) or faked timer are gone, then `reset` puts back whatever else the test changed (stores).
 */
export function componentSuite(reset?: () => void) {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    reset?.();
  });
}

/** A query client that reports a failed request at once instead of retrying it. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Mounts `ui` as the console has it: under a query client and antd's App (for its message and modal hooks). */
export function renderInApp(ui: ReactElement, client: QueryClient = testQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}
