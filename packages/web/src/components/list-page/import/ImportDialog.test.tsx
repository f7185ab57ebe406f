import type { ImportReport } from '@headway/server/contract';
import { FULL_MASK, PermissionBit } from '@headway/spec';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../app/routes/types';
import { ViewContext } from '../../../shell/view-host/view-context';
import { componentSuite, renderInApp } from '../../../testing/render';
import { ImportButton } from './ImportButton';

// The import dialog against a stubbed server: shown with the import bit only, the chosen file sent as its bytes,
// the preview's refused rows in a table with Import disabled, a clean preview committed with ?commit=true.

function serve(preview: ImportReport) {
  const sent: { url: URL; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const at = new URL(url, 'http://console.test');
    sent.push({ url: at, body: init?.body });
    const committed = at.searchParams.get('commit') === 'true';
    const result = committed ? { ...preview, written: true } : preview;
    return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

function renderButton(mask: number, onImported = vi.fn()) {
  renderInApp(
    <ViewContext.Provider value={{ name: 'BasicVehicle', permission: mask } as AppRoute}>
      <ImportButton path="/basic/cars/import" fileBase="vehicles" onImported={onImported} testId="imp" />
    </ViewContext.Provider>,
  );
  return onImported;
}

async function choose(name: string, bytes = new Uint8Array([80, 75, 3, 4])) {
  fireEvent.click(screen.getByTestId('imp'));
  await screen.findByTestId('imp-dialog-choose', {}, { timeout: 10_000 });
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.accept).toBe('.xlsx');
  fireEvent.change(input, { target: { files: [new File([bytes], name)] } });
}

describe('ImportDialog', { timeout: 30_000 }, () => {
  componentSuite();

  it('is not there without the import bit', () => {
    renderButton(PermissionBit.view | PermissionBit.export);
    expect(screen.queryByTestId('imp')).toBeNull();
  });

  it('lists refused rows by row, column and reason and keeps Import disabled', async () => {
    const sent = serve({
      rows: 5,
      created: 3,
      updated: 0,
      written: false,
      refused: [
        { row: 3, column: 'Plate', reason: 'Plate [B-1] already exists' },
        { row: 5, column: 'Plate', reason: 'required' },
      ],
    });
    renderButton(FULL_MASK);
    await choose('vehicles.xlsx');
    const table = await screen.findByTestId('imp-dialog-refused', {}, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['3PlatePlate [B-1] already exists', '5Platerequired']);
    expect(screen.getByTestId('imp-dialog-summary').textContent).toContain(
      '5 rows: 3 to create, 0 to update, 2 refused',
    );
    expect((screen.getByTestId('imp-dialog-commit') as HTMLButtonElement).disabled).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url.pathname).toBe('/api/basic/cars/import');
    expect(sent[0]?.body).toBeInstanceOf(Uint8Array);
  });

  it('commits a clean preview with commit=true and tells the list', async () => {
    const sent = serve({ rows: 2, created: 1, updated: 1, written: false, refused: [] });
    const onImported = renderButton(FULL_MASK);
    await choose('vehicles.xlsx');
    await waitFor(() => expect((screen.getByTestId('imp-dialog-commit') as HTMLButtonElement).disabled).toBe(false), {
      timeout: 10_000,
    });
    fireEvent.click(screen.getByTestId('imp-dialog-commit'));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ written: true })));
    expect(sent.map((s) => s.url.search)).toEqual(['', '?commit=true']);
  });

  it('refuses a file that is not .xlsx or larger than 5 MB before sending it', async () => {
    const sent = serve({ rows: 0, created: 0, updated: 0, written: false, refused: [] });
    renderButton(FULL_MASK);
    await choose('vehicles.csv');
    expect((await screen.findByTestId('imp-dialog-problem')).textContent).toContain('Only .xlsx');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.xlsx')] } });
    await waitFor(() => expect(screen.getByTestId('imp-dialog-problem').textContent).toContain('5 MB'));
    expect(sent).toHaveLength(0);
  });
});
