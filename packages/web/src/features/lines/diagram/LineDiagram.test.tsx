import type { OwnLine } from '@headway/server/contract';
import { TRAFFIC_STATES } from '@headway/spec';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { LineDiagram } from './LineDiagram';
import type { DiagramGap, DiagramVehicle } from './types';

function direction(direction: number, origin: string, terminal: string, n = 6) {
  return {
    direction,
    origin,
    terminal,
    path: '',
    style: { strokeColor: '#f00', strokeWeight: 3, strokeOpacity: 1 },
    stations: Array.from({ length: n }, (_, i) => ({
      id: direction * 100 + i,
      serial: i + 1,
      station_name: `${origin}-${i + 1}`,
      distance: i * 500,
      lat: 0,
      lng: 0,
    })),
  };
}

const line: OwnLine = {
  route_id: 1,
  route_code: 'S40',
  route_name: 'S40',
  category: 0,
  directions: [direction(1, 'A', 'B'), direction(2, 'B', 'A')],
};

function vehicle(key: string, dir: number, pos: number, field: 'main' | 'second' | null = null): DiagramVehicle {
  return {
    key,
    car_id: 1,
    car_name: `bus-${key}`,
    imei: key,
    direction: dir,
    placement: { field, pos },
    colour: '#16a34a',
    detail: `bus-${key}: Running`,
  };
}

const gaps: DiagramGap[] = [
  { direction: 1, behind: 'b', ahead: 'a', headway: 90, scheduled: 600, state: 'bunching' },
  { direction: 1, behind: 'c', ahead: 'b', headway: 660, scheduled: 600, state: 'ok' },
];

describe('the line diagram', () => {
  componentSuite();

  it('colours stations by traffic, puts vehicles on their direction or in the terminal fields, labels the gaps', () => {
    const traffic = new Map([[102, 3]]);
    renderInApp(
      <LineDiagram
        line={line}
        layout="compact"
        traffic={traffic}
        vehicles={[vehicle('a', 1, 4.5), vehicle('b', 1, 4.2), vehicle('c', 1, 1), vehicle('d', 2, 0, 'second')]}
        gaps={gaps}
      />,
    );
    const [up, down] = screen.getAllByTestId('line-direction');
    if (!up || !down) throw new Error('two directions expected');
    expect(down.getAttribute('data-reversed')).toBe('true');
    const jam = up.querySelector('[data-station="102"]') as HTMLElement;
    expect(jam.getAttribute('data-traffic')).toBe('3');
    expect(jam.style.background).toBe('rgb(220, 38, 38)');
    expect(TRAFFIC_STATES[3].hex).toBe('#dc2626');
    expect(jam.title).toBe('3. A-3 — traffic: Jam');
    expect(
      within(up)
        .getAllByTestId('line-vehicle')
        .map((v) => v.getAttribute('data-vehicle')),
    ).toEqual(['bus-a', 'bus-b', 'bus-c']);
    expect(within(screen.getByTestId('terminal-field-second')).getByTestId('line-vehicle').textContent).toBe('bus-d');
    const labels = within(up).getAllByTestId('headway-gap');
    expect(labels.map((l) => [l.textContent, l.getAttribute('data-state')])).toEqual([
      ['1.5′/10′', 'bunching'],
      ['11′/10′', 'ok'],
    ]);
    expect(labels[0]?.title).toBe('Headway 1.5 min behind bus-a, scheduled 10 min: Bunching');
  });

  it('stacks close chips and labels on lanes, and only as many as needed in the vertical layout', () => {
    renderInApp(
      <LineDiagram
        line={line}
        layout="vertical"
        vehicles={[vehicle('a', 1, 4.5), vehicle('b', 1, 4.4), vehicle('c', 1, 1)]}
        gaps={gaps}
      />,
    );
    const up = screen.getAllByTestId('line-direction')[0] as HTMLElement;
    const vehicles = up.querySelector('.hw-ld-dir__vehicles') as HTMLElement;
    const gapsLane = up.querySelector('.hw-ld-dir__gaps') as HTMLElement;
    // a and b are 2.8 px apart at 28 px a station: two lanes; c is far from both.
    expect(vehicles.style.width).toBe('192px');
    // The two labels are far apart: one lane.
    expect(gapsLane.style.width).toBe('78px');
    // A two-way line has both fields.
    expect(screen.queryByTestId('terminal-field-second')).not.toBeNull();
  });

  it('a loop has only the main terminal field', () => {
    renderInApp(
      <LineDiagram
        line={{ ...line, category: 1, directions: [direction(1, 'A', 'A')] }}
        layout="compact"
        vehicles={[]}
      />,
    );
    expect(screen.getByTestId('terminal-field-main')).toBeTruthy();
    expect(screen.queryByTestId('terminal-field-second')).toBeNull();
  });
});
