import { FULL_MASK, PermissionBit } from '@headway/spec';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import ChatWindow from '../chat/ChatWindow';
import { serveMessages } from '../test-server';
import { SnippetDialog } from './SnippetDialog';

async function openDialog(canEdit = true) {
  const picked: string[] = [];
  let closed = 0;
  renderInApp(
    <SnippetDialog
      canEdit={canEdit}
      onPick={(s) => picked.push(s)}
      onClose={() => {
        closed++;
      }}
    />,
  );
  const dialog = await screen.findByTestId('snippet-dialog');
  await within(dialog).findByText('Return to depot');
  return { dialog, picked, closed: () => closed };
}

describe('the snippet dialog', { timeout: 30_000 }, () => {
  componentSuite(() => useSession.setState({ views: [] }));

  it('keeps one unsaved row at a time, warning on a second add; cancel drops it', async () => {
    const server = serveMessages();
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByTestId('snippet-add'));
    expect(within(dialog).getAllByTestId('snippet-draft')).toHaveLength(1);
    fireEvent.change(within(dialog).getByTestId('snippet-draft'), { target: { value: 'Half' } });

    fireEvent.click(within(dialog).getByTestId('snippet-add'));
    await screen.findByText('Save or cancel the unsaved row first');
    expect(within(dialog).getAllByTestId('snippet-draft')).toHaveLength(1);
    expect((within(dialog).getByTestId('snippet-draft') as HTMLTextAreaElement).value).toBe('Half');

    fireEvent.click(within(dialog).getByTestId('snippet-cancel'));
    expect(within(dialog).queryByTestId('snippet-draft')).toBeNull();
    expect(within(dialog).getAllByTestId('snippet-row')).toHaveLength(2);
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('saves a new row with POST and deletes one after confirmation', async () => {
    const server = serveMessages();
    const { dialog } = await openDialog();
    fireEvent.click(within(dialog).getByTestId('snippet-add'));
    const save = within(dialog).getByTestId('snippet-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('snippet-draft'), {
      target: { value: '  Slow down near the school ' },
    });
    fireEvent.click(save);
    await within(dialog).findByText('Slow down near the school');
    expect(within(dialog).queryByTestId('snippet-draft')).toBeNull();
    expect(server.calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/system/snippet',
      body: { snippet: 'Slow down near the school' },
    });

    // The add is free again once the row is saved.
    fireEvent.click(within(dialog).getByTestId('snippet-add'));
    fireEvent.click(within(dialog).getByTestId('snippet-cancel'));

    const row = within(dialog).getByText('Return to depot').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Delete'));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(dialog).queryByText('Return to depot')).toBeNull());
    expect(server.calls.find((c) => c.method === 'DELETE')?.url).toBe('/api/system/snippet/1');
  });

  it('offers no add, save or delete without edit', async () => {
    serveMessages();
    const { dialog } = await openDialog(false);
    expect(within(dialog).queryByTestId('snippet-add')).toBeNull();
    expect(within(dialog).queryByText('Delete')).toBeNull();
  });

  it('picks a row into the chat’s text box with a double-click and closes', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    serveMessages();
    renderInApp(<ChatWindow vehicles={[]} onClose={() => {}} />);
    fireEvent.click(await screen.findByTestId('chat-snippets'));
    const dialog = await screen.findByTestId('snippet-dialog');
    fireEvent.doubleClick(await within(dialog).findByText('Road closed ahead, follow the diversion'));
    await waitFor(() => expect(screen.queryByTestId('snippet-dialog')).toBeNull());
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe(
      'Road closed ahead, follow the diversion',
    );
  });

  it('is closed to users without edit from the chat window', async () => {
    holdScreen('MonitoringMap', PermissionBit.view);
    serveMessages();
    renderInApp(<ChatWindow vehicles={[]} onClose={() => {}} />);
    const button = (await screen.findByTestId('chat-snippets')) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => {});
  });
});
