import type { UserInfo } from '@headway/server/contract';
import { FULL_MASK, MESSAGE_REPLY_POLL, PermissionBit } from '@headway/spec';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../auth/session-store';
import { componentSuite, renderInApp } from '../../../testing/render';
import { holdScreen } from '../../../testing/session';
import type { WindowVehicle } from '../../../windows/window-kinds';
import { logRow, serveMessages } from '../test-server';
import ChatWindow from './ChatWindow';

const BUS_1: WindowVehicle = { car_id: 1, car_name: 'Bus 1', imei: '00000000001' };
const BUS_2: WindowVehicle = { car_id: 2, car_name: 'Bus 2', imei: '00000000002' };

async function openChat(vehicles: WindowVehicle[]) {
  renderInApp(<ChatWindow vehicles={vehicles} onClose={() => {}} />);
  const window = await screen.findByTestId('chat-window');
  await within(window).findByText('Bus 2');
  return window;
}

function input(): HTMLTextAreaElement {
  return screen.getByTestId('chat-input') as HTMLTextAreaElement;
}

function sendButton(): HTMLButtonElement {
  return screen.getByTestId('chat-send') as HTMLButtonElement;
}

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

describe('the chat window', { timeout: 30_000 }, () => {
  componentSuite(() => {
    vi.useRealTimers();
    useSession.setState({ views: [], user: null });
  });

  it('sends nothing while the text is blank or no vehicle is ticked', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const server = serveMessages();
    await openChat([]);
    type('Return to depot');
    expect(sendButton().disabled).toBe(true);
    screen.getByText('Tick at least one vehicle');

    fireEvent.click(screen.getByText('Bus 1'));
    expect(sendButton().disabled).toBe(false);
    type('   \n ');
    expect(sendButton().disabled).toBe(true);
    screen.getByText('Type a message to send');
    fireEvent.keyDown(input(), { key: 'Enter', ctrlKey: true });
    fireEvent.click(sendButton());
    await act(async () => {});
    expect(server.sends()).toEqual([]);
  });

  it('posts the spec’s body and shows the message with its reply line', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    const server = serveMessages();
    await openChat([BUS_1, BUS_2]);
    screen.getByText('2 vehicles ticked');
    type('  Return to depot ');
    fireEvent.click(sendButton());

    const bubble = await screen.findByTestId('chat-message');
    expect(bubble.textContent).toBe('Return to depot');
    expect(server.sends()).toEqual([
      {
        car_list: [1, 2],
        msg: 'Return to depot',
        uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        flag: [2, 3],
        target: '',
      },
    ]);
    expect(server.calls.find((c) => c.url.endsWith('/send-msg'))?.method).toBe('POST');
    const line = screen.getByTestId('chat-reply-line');
    expect(line.textContent).toContain('Sent 2 · replied 0');
    within(line).getByLabelText('Not every vehicle has replied');
    await waitFor(() => expect(input().value).toBe(''));
  });

  it('sends to the target picked from the split button, with the queue option when chosen', async () => {
    holdScreen('MonitoringLineMap', FULL_MASK);
    const server = serveMessages();
    await openChat([BUS_2]);
    type('Camera check');
    fireEvent.click(screen.getByTestId('chat-queue'));
    fireEvent.click(screen.getByTestId('chat-send-targets'));
    fireEvent.click(await screen.findByTestId('chat-send-DVR'));
    screen.getByText('Send to the Video recorder (DVR)');
    await screen.findByTestId('chat-message');
    expect(server.sends()[0]).toMatchObject({
      car_list: [2],
      target: 'DVR',
      flag: [2, 3],
      queue: { expire_hours: 24 },
    });
  });

  it('polls the replies every 3 s until every vehicle answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    holdScreen('MonitoringMap', FULL_MASK);
    const server = serveMessages();
    server.replies = [1, 2];
    await openChat([BUS_1, BUS_2]);
    type('Return to depot');
    fireEvent.click(sendButton());
    await screen.findByTestId('chat-message');
    expect(server.replyPolls()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_REPLY_POLL.intervalMs));
    await waitFor(() => expect(screen.getByTestId('chat-reply-line').textContent).toContain('replied 1'));
    const first = new URL(server.replyPolls()[0]?.url ?? '', 'http://x').searchParams;
    const uuid = server.sends()[0]?.uuid;
    expect(first.get('data')).toBe(uuid);
    expect(first.get('send_state')).toBe('2');
    expect(Number(first.get('end_time')) - Number(first.get('start_time'))).toBe(600);

    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_REPLY_POLL.intervalMs));
    const line = screen.getByTestId('chat-reply-line');
    await waitFor(() => expect(line.textContent).toContain('Sent 2 · replied 2'));
    within(line).getByLabelText('Every vehicle replied');
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_REPLY_POLL.intervalMs * 5));
    expect(server.replyPolls()).toHaveLength(2);
  });

  it('stops polling after 3 fetches while replies stay short', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    holdScreen('MonitoringMap', FULL_MASK);
    const server = serveMessages();
    server.replies = [1];
    await openChat([BUS_1, BUS_2]);
    type('Return to depot');
    fireEvent.click(sendButton());
    await screen.findByTestId('chat-message');
    for (let i = 1; i <= 3; i++) {
      await act(() => vi.advanceTimersByTimeAsync(MESSAGE_REPLY_POLL.intervalMs));
      await waitFor(() => expect(server.replyPolls()).toHaveLength(i));
    }
    await act(() => vi.advanceTimersByTimeAsync(MESSAGE_REPLY_POLL.intervalMs * 5));
    expect(server.replyPolls()).toHaveLength(3);
    const line = screen.getByTestId('chat-reply-line');
    expect(line.textContent).toContain('Sent 2 · replied 1');
    within(line).getByLabelText('Not every vehicle has replied');
  });

  it('lists today’s sent messages of the user in the history panel', async () => {
    holdScreen('MonitoringMap', FULL_MASK);
    useSession.setState({ user: { account: 'dispatcher' } as UserInfo });
    const server = serveMessages();
    server.history = [logRow(1), logRow(2, { car_name: 'Bus 2', send_state: 1, send_time: 1_800_000_100 })];
    await openChat([BUS_1]);
    const modal = () => (document.querySelector('.ant-modal') as HTMLElement).style.width;
    expect(modal()).toBe('800px');
    fireEvent.click(screen.getByTestId('chat-history-toggle'));
    expect(modal()).toBe('1150px');
    const panel = await screen.findByTestId('chat-history');
    await within(panel).findByText('Bus 2');
    const rows = within(panel).getAllByTestId('chat-history-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Sent, awaiting reply'),
      expect.stringContaining('Replied'),
    ]);
    const query = new URL(server.calls.find((c) => c.url.includes('account='))?.url ?? '', 'http://x').searchParams;
    expect(query.get('account')).toBe('dispatcher');
    const start = new Date(Number(query.get('start_time')) * 1000);
    expect([start.getHours(), start.getMinutes(), start.getSeconds()]).toEqual([0, 0, 0]);
    expect(Math.abs(Number(query.get('end_time')) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('only reads without edit on the live map or the line map', async () => {
    holdScreen('MonitoringMap', PermissionBit.view);
    const server = serveMessages();
    await openChat([BUS_1]);
    screen.getByText('You may view messages; sending them needs edit on the live map or the line map.');
    expect(input().disabled).toBe(true);
    expect(sendButton().disabled).toBe(true);
    expect((screen.getByTestId('chat-snippets') as HTMLButtonElement).disabled).toBe(true);
    expect(server.sends()).toEqual([]);
  });
});
