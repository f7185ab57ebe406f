import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import type { VehicleEntry } from '../fleet-view';
import { defaultLabels } from '../label-config';
import { RealDataView } from './RealDataView';

const entry: VehicleEntry = {
  imei: '864520040000001',
  car_id: 1,
  car_name: '8201',
  lpn: 'NY-BUS-8201',
  route_code: 'S40',
  route_name: 'S40',
  online: true,
  data: {
    imei: '864520040000001',
    lat: 40.641234,
    lng: -74.081234,
    v: 32,
    a: 90,
    s: (1 << 0) | (1 << 1) | (1 << 4) | (1 << 5) | (1 << 13),
    w: (1 << 1) | (1 << 19),
    et: 1_763_780_000,
    rt: 1_763_780_001,
    att: { sat: 11, gsm: 20, max_km: 1234.5 },
  },
};

describe('vehicle info box, real data', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows state and warning tags, speed, mileage, and resolves the address offline', async () => {
    render(<RealDataView entry={entry} line={undefined} labels={defaultLabels()} />);
    // Warning bits make the display state red "Running" with speed; tags decode the bits.
    expect(screen.getByTestId('info-state').textContent).toBe('Running');
    for (const tag of ['ACC on', 'GPS fixed', 'Door 1 open', 'Speeding', 'Long parking']) screen.getByText(tag);
    expect(screen.getByTestId('info-speed').textContent).toContain('32 km/h');
    screen.getByText('1234.5 km');
    screen.getByText('11 / 20');
    // Moving time is off by default.
    expect(screen.queryByText('Moving time')).toBeNull();
    fireEvent.click(screen.getByTestId('resolve-address'));
    await screen.findByText('-74.081234, 40.641234');
  });

  it('says so when the vehicle never reported', () => {
    render(<RealDataView entry={{ ...entry, data: null }} line={undefined} labels={defaultLabels()} />);
    screen.getByText('No position reported yet');
  });
});
