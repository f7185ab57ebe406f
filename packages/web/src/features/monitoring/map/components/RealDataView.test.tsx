import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../../i18n';
import { regionKeys } from '../../../regions/api';
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
  capabilities: 0,
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

// The address row asks the server through TanStack Query (AddressView.test.tsx covers it).
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('vehicle info box, real data', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('shows state and warning tags, speed, mileage, and offers to resolve the address', () => {
    render(<RealDataView entry={entry} line={undefined} labels={defaultLabels()} />, { wrapper });
    // Warning bits make the display state red "Warning", still with the speed; tags decode the bits.
    expect(screen.getByTestId('info-state').textContent).toBe('Warning');
    for (const tag of ['ACC on', 'GPS fixed', 'Door 1 open', 'Speeding', 'Long parking']) screen.getByText(tag);
    expect(screen.getByTestId('info-speed').textContent).toContain('32 km/h');
    screen.getByText('1234.5 km');
    screen.getByText('11 / 20');
    // Moving time is off by default.
    expect(screen.queryByText('Moving time')).toBeNull();
    expect(screen.getByTestId('resolve-address').textContent).toBe('View');
  });

  it('says so when the vehicle never reported', () => {
    render(<RealDataView entry={{ ...entry, data: null }} line={undefined} labels={defaultLabels()} />, { wrapper });
    screen.getByText('No position reported yet');
  });
});

describe('vehicle info box, the terminal’s own region reports', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(cleanup);

  it('names the pushed region the terminal entered or left, by id when the console does not know it', () => {
    const client = new QueryClient();
    client.setQueryData(regionKeys.shapes, [
      {
        id: 7,
        region_name: 'North depot',
        region_type: 3,
        use_type: 1,
        region_point: '',
        region_option: '{}',
        is_share: 1,
      },
    ]);
    const area = {
      io: [
        { type: 3, id: 7, dir: 0 },
        { type: 1, id: 99, dir: 1 },
      ],
    };
    render(
      <QueryClientProvider client={client}>
        <RealDataView entry={{ ...entry, data: { ...entry.data!, area } }} line={undefined} labels={defaultLabels()} />
      </QueryClientProvider>,
    );
    const tags = screen.getAllByTestId('info-terminal-area').map((t) => t.textContent);
    expect(tags).toEqual(['Entered North depot · Polygon', 'Left area 99 · Circle']);
  });
});
