import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { parseCameras } from '../channels';
import { LiveVideoPanel } from './LiveVideoPanel';

/** /jtt1078/live/play at the network edge, answering with no rows (the terminal did not take the request). */
function serveNoService() {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://console.test');
    if (parsed.pathname === '/api/jtt1078/live/play') bodies.push(JSON.parse(parsed.searchParams.get('data') ?? ''));
    return Response.json({ code: 0, msg: '', result: { rows: [] } });
  });
  return bodies;
}

describe('the live video grid', () => {
  componentSuite();
  afterEach(() => vi.unstubAllGlobals());

  it('has the grid buttons, the other views, a button per camera, and switches views', async () => {
    renderInApp(<LiveVideoPanel imei="864520040000001" cameras={parseCameras('Front,,Rear*')} />);
    for (const split of [1, 4, 6, 9, 16]) expect(screen.getByTestId(`video-split-${split}`)).toBeTruthy();
    expect(screen.getByTestId('video-channel-1').textContent).toBe('Front');
    expect(screen.getByTestId('video-channel-3').textContent).toBe('Rear');
    expect(screen.queryByTestId('video-channel-2')).toBeNull();
    expect(screen.getByTestId('video-grid').getAttribute('data-split')).toBe('4');
    fireEvent.click(screen.getByTestId('video-split-6'));
    expect(screen.getByTestId('video-grid').getAttribute('data-split')).toBe('6');
    expect(screen.getAllByText(/^Window \d$/)).toHaveLength(6);
  });

  it('asks for the channel three times with the spec body, then says no service on the window', async () => {
    const bodies = serveNoService();
    renderInApp(<LiveVideoPanel imei="864520040000001" cameras={parseCameras('Front,Door*')} />);
    fireEvent.click(screen.getByTestId('video-channel-2'));
    const cell = screen.getByTestId('video-cell-0');
    await waitFor(() => expect(cell.getAttribute('data-status')).toBe('noService'));
    expect(within(cell).getByTestId('video-cell-message').textContent).toBe('reqLiveVideo -> no service');
    expect(bodies).toEqual(
      Array.from({ length: 3 }, () => ({ imei: '864520040000001', count: 1, chns: [{ chn: 2, audio: 0, stream: 0 }] })),
    );
    // Closing empties the window again.
    fireEvent.click(within(cell).getByTestId('video-cell-close'));
    expect(screen.getByTestId('video-cell-0').getAttribute('data-status')).toBe('empty');
  });

  it('the SOS pane opens every camera at once without the toolbar', async () => {
    serveNoService();
    renderInApp(<LiveVideoPanel imei="864520040000001" cameras={parseCameras('A,B,C,D,E')} autoOpenAll compact />);
    expect(screen.queryByTestId('video-open-all')).toBeNull();
    expect(screen.getByTestId('video-grid').getAttribute('data-split')).toBe('6');
    await waitFor(() => expect(screen.getByTestId('video-cell-4').getAttribute('data-chn')).toBe('5'));
  });
});
