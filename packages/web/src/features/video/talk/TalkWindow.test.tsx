import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import TalkWindow from './TalkWindow';

const vehicle = { car_id: 7, car_name: '8201', imei: '864520040000001' };
const state = () => screen.getByTestId('talk-state');

describe('the talk window', () => {
  componentSuite();
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts ready, and says HTTPS is required outside a secure context', async () => {
    vi.stubGlobal('isSecureContext', false);
    renderInApp(<TalkWindow vehicle={vehicle} onClose={() => {}} />);
    expect(state().getAttribute('data-state')).toBe('init');
    expect(screen.getByText('Ready to call')).toBeTruthy();
    fireEvent.click(screen.getByTestId('talk-call'));
    await waitFor(() => expect(state().getAttribute('data-error')).toBe('httpsRequired'));
    expect(screen.getByText('The microphone needs HTTPS')).toBeTruthy();
  });

  it('says permission denied when the microphone is refused', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('no', 'NotAllowedError')) },
    });
    renderInApp(<TalkWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('talk-call'));
    await waitFor(() => expect(state().getAttribute('data-error')).toBe('permissionDenied'));
    expect(screen.getByText('Microphone permission denied')).toBeTruthy();
  });

  it('says "wss url is null" when the answer has no socket, and releases the microphone', async () => {
    vi.stubGlobal('isSecureContext', true);
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: async () => ({ getTracks: () => [{ stop }] }) },
    });
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const parsed = new URL(url, 'http://console.test');
      calls.push(`${parsed.pathname} ${parsed.searchParams.get('data')}`);
      return Response.json({ code: 0, msg: '', result: { system_av_rtp: {} } });
    });
    renderInApp(<TalkWindow vehicle={vehicle} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('talk-call'));
    await waitFor(() => expect(state().getAttribute('data-error')).toBe('wssUrlNull'));
    expect(screen.getByText('wss url is null')).toBeTruthy();
    expect(calls).toEqual(['/api/jtt1078/talk/play {"imei":"864520040000001","chn":1}']);
    expect(stop).toHaveBeenCalled();
  });
});
