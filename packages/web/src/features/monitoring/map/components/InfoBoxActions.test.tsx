import { CapabilityMask } from '@headway/spec';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../../testing/render';
import { useWindows } from '../../../../windows/window-store';
import type { VehicleEntry } from '../fleet-view';
import { InfoBoxActions } from './InfoBoxActions';

function entry(online: boolean, capabilities: number): VehicleEntry {
  return {
    imei: '864520040000001',
    car_id: 7,
    car_name: '8201',
    lpn: 'NY-8201',
    route_code: 'S40',
    route_name: 'S40',
    capabilities,
    online,
    data: null,
  };
}

const button = (key: string) => screen.queryByTestId(`info-action-${key}`) as HTMLButtonElement | null;

describe('the info box actions', () => {
  componentSuite(() => useWindows.setState({ open: [] }));

  it('offer send message and snapshot only when the device can, command always', () => {
    renderInApp(<InfoBoxActions entry={entry(true, 0)} />);
    expect(button('command')?.disabled).toBe(false);
    expect(button('chat')).toBeNull();
    expect(button('snapshot')).toBeNull();
  });

  it('open the command, chat and snapshot windows for an online vehicle', () => {
    renderInApp(<InfoBoxActions entry={entry(true, CapabilityMask.snapshot | CapabilityMask.sendMessage)} />);
    fireEvent.click(button('command') as HTMLButtonElement);
    fireEvent.click(button('chat') as HTMLButtonElement);
    fireEvent.click(button('snapshot') as HTMLButtonElement);
    const vehicle = { car_id: 7, car_name: '8201', imei: '864520040000001', route_code: 'S40' };
    expect(useWindows.getState().open.map((w) => [w.kind, w.props])).toEqual([
      ['command', { vehicle }],
      ['chat', { vehicles: [vehicle] }],
      ['snapshot', { vehicle }],
    ]);
  });

  it('are disabled with the reason while the vehicle is offline', () => {
    renderInApp(<InfoBoxActions entry={entry(false, CapabilityMask.snapshot | CapabilityMask.sendMessage)} />);
    for (const key of ['command', 'chat', 'snapshot']) expect(button(key)?.disabled, key).toBe(true);
    fireEvent.click(button('command') as HTMLButtonElement);
    expect(useWindows.getState().open).toEqual([]);
  });

  describe('video and talk (issue 16)', () => {
    afterEach(() => vi.unstubAllGlobals());
    /** The vehicle's base info at the network edge, with its camera list. */
    const serveChannels = (channel: string) =>
      vi.stubGlobal('fetch', async () =>
        Response.json({ code: 0, msg: '', result: { car_id: 7, car_name: '8201', channel } }),
      );

    it('are not offered without capability bits 6 and 11', () => {
      renderInApp(<InfoBoxActions entry={entry(true, CapabilityMask.snapshot)} />);
      expect(button('video')).toBeNull();
      expect(button('talk')).toBeNull();
    });

    it('open the live video and talk windows for an online vehicle with cameras', async () => {
      serveChannels('CH1,CH2*');
      renderInApp(<InfoBoxActions entry={entry(true, CapabilityMask.video | CapabilityMask.talk)} />);
      fireEvent.click(button('video') as HTMLButtonElement);
      fireEvent.click(button('talk') as HTMLButtonElement);
      const vehicle = { car_id: 7, car_name: '8201', imei: '864520040000001', route_code: 'S40' };
      expect(useWindows.getState().open.map((w) => [w.kind, w.props])).toEqual([
        ['liveVideo', { vehicle }],
        ['talk', { vehicle }],
      ]);
    });

    it('are disabled while offline, and when the record names no camera', async () => {
      serveChannels(' , *');
      renderInApp(<InfoBoxActions entry={entry(false, CapabilityMask.video | CapabilityMask.talk)} />);
      expect(button('video')?.disabled).toBe(true);
      expect(button('talk')?.disabled).toBe(true);
    });

    it('are disabled when the online vehicle has no camera channel', async () => {
      serveChannels(' , *');
      renderInApp(<InfoBoxActions entry={entry(true, CapabilityMask.video | CapabilityMask.talk)} />);
      await waitFor(() => expect(button('video')?.disabled).toBe(true));
      expect(button('talk')?.disabled).toBe(true);
    });
  });
});
