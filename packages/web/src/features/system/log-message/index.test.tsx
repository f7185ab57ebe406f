import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { logRow, serveMessages } from '../../messages/test-server';
import SystemLogMessagePage from './index';

function logQueries(calls: { url: string }[]) {
  return calls
    .filter((c) => c.url.startsWith('/dispatch/api/logs/message'))
    .map((c) => new URL(c.url, 'http://x').searchParams);
}

describe('the message log screen', { timeout: 30_000 }, () => {
  componentSuite();

  it('lists today’s messages with named flags, target, state and reply, and filters by state', async () => {
    const server = serveMessages();
    server.history = [
      logRow(1, { reply_msg: 'On my way' }),
      logRow(2, {
        car_name: 'Bus 2',
        target: 'DVR',
        flag: 0b1,
        send_state: 0,
        reply_time: null,
        expire_time: 1_800_086_400,
      }),
    ];
    renderInApp(<SystemLogMessagePage />);
    const page = await screen.findByTestId('message-log');
    await within(page).findByText('On my way');

    const [first] = logQueries(server.calls);
    expect(first?.get('page')).toBe('1');
    expect(first?.get('limit')).toBe('20');
    expect(Number(first?.get('start_time'))).toBe(dayjs().startOf('day').unix());
    expect(Number(first?.get('end_time'))).toBe(dayjs().endOf('day').unix());

    const row1 = within(page).getByText('On my way').closest('tr') as HTMLElement;
    within(row1).getByText('Show on the terminal display');
    within(row1).getByText('Read aloud (TTS)');
    within(row1).getByText('Dispatch screen');
    within(row1).getByText('Replied');
    const row2 = within(page).getByText('Bus 2').closest('tr') as HTMLElement;
    within(row2).getByText('Emergency');
    within(row2).getByText('Video recorder (DVR)');
    within(row2).getByText('Queued');
    within(page).getByText('2 in total');

    fireEvent.mouseDown(within(page).getByTestId('message-log-state').closest('.ant-select') as HTMLElement);
    fireEvent.click(await screen.findByTitle('Sent, awaiting reply'));
    fireEvent.click(within(page).getByTestId('message-log-search'));
    await waitFor(() => expect(logQueries(server.calls).at(-1)?.get('send_state')).toBe('1'));
  });
});
