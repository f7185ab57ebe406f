import { CapabilityMask } from '@headway/spec';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
