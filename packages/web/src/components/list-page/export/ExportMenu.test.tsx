import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import { ExportMenu, type ExportMenuProps } from './ExportMenu';

// The query bar's export dropdown against a stubbed server: the choice in the query string, the export bit, the
// form checked first, the bytes counted as they stream in, the file named by Content-Disposition.

interface Sent {
  url: URL;
  body: string | undefined;
}

/** Answers the export with a body that arrives in two chunks; `release` lets the second one through. */
function serve(headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url: new URL(url, 'http://console.test'), body: init?.body as string | undefined });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(2048));
        await gate;
        controller.enqueue(new Uint8Array(1024));
        controller.close();
      },
    });
    return new Response(stream, {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('区域.pdf')}`,
        ...headers,
      },
    });
  });
  return { sent, release: () => release() };
}

function renderMenu(mask: number, props: Partial<ExportMenuProps> = {}) {
  const route = { name: 'BasicRegion', permission: mask } as AppRoute;
  renderInApp(
    <ViewContext.Provider value={route}>
      <ExportMenu
        request={() => ({ method: 'POST', path: '/device/alarm/export', body: { data: { a: 1 } } })}
        paging={{ page: 3, limit: 20 }}
        fileBase="alarms"
        testId="menu"
        {...props}
      />
    </ViewContext.Provider>,
  );
}

describe('ExportMenu', () => {
  componentSuite();

  it('is not there without the export bit', () => {
    renderMenu(PermissionBit.view);
    expect(screen.queryByTestId('menu')).toBeNull();
  });

  it('exports the current page as PDF, shows the bytes received, saves under the server name', async () => {
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    try {
      const server = serve();
      renderMenu(FULL_MASK);
      fireEvent.click(screen.getByTestId('menu'));
      fireEvent.click(await screen.findByTestId('menu-page-pdf'));
      await screen.findByText('Exporting… 2 KB (click to cancel)', undefined, { timeout: 10_000 });
      server.release();
      await screen.findByText('Exported', undefined, { timeout: 10_000 });
      const call = server.sent[0];
      expect(call?.url.pathname).toBe('/api/device/alarm/export');
      expect(Object.fromEntries(call?.url.searchParams ?? [])).toMatchObject({
        format: 'pdf',
        scope: 'page',
        page: '3',
        limit: '20',
      });
      expect(JSON.parse(call?.body ?? '{}')).toEqual({ data: { a: 1 } });
      expect(saved).toEqual(['区域.pdf']);
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  }, 30_000);

  it('says when an all-rows export was cut at 65,535 rows', async () => {
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      const server = serve({ 'x-total-count': '70000', 'x-export-rows': '65535' });
      server.release();
      renderMenu(FULL_MASK);
      fireEvent.click(screen.getByTestId('menu'));
      fireEvent.click(await screen.findByTestId('menu-all-xlsx'));
      await screen.findByText('Exported the first 65535 of 70000 rows: narrow the query for the rest', undefined, {
        timeout: 10_000,
      });
      expect(server.sent[0]?.url.searchParams.get('page')).toBeNull();
    } finally {
      click.mockRestore();
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  }, 30_000);

  it('asks nothing of the server while the query form is invalid', async () => {
    const server = serve();
    const validate = vi.fn(() => Promise.reject(new Error('range required')));
    renderMenu(FULL_MASK, { validate });
    fireEvent.click(screen.getByTestId('menu'));
    fireEvent.click(await screen.findByTestId('menu-all-docx'));
    await waitFor(() => expect(validate).toHaveBeenCalled());
    expect(server.sent).toHaveLength(0);
  });
});
