import type { OwnLine } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { clampProgress, durationParts, formatDistance, lineProgress, uniqueParts } from './format';
import { defaultLabels, readLabels } from './label-config';

describe('info box rules', () => {
  it('shows distances above 1000 m in km with 2 decimals', () => {
    expect(formatDistance(999)).toEqual({ unit: 'm', value: '999' });
    expect(formatDistance(1000)).toEqual({ unit: 'm', value: '1000' });
    expect(formatDistance(1234)).toEqual({ unit: 'km', value: '1.23' });
    expect(formatDistance(undefined)).toBeNull();
  });

  it('clamps progress to 0–100', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(42.4)).toBe(42);
    expect(clampProgress(130)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
  });

  it('hides repeated header parts', () => {
    expect(uniqueParts(['8201', 'Line 1', '8201', '', 'IMEI'])).toEqual(['8201', 'Line 1', 'IMEI']);
  });

  it('formats elapsed time', () => {
    expect(durationParts(42)).toEqual({ key: 's', values: { n: 42 } });
    expect(durationParts(3900)).toEqual({ key: 'h', values: { n: 1, m: 5 } });
  });

  it('computes distances and progress along the direction', () => {
    const line: OwnLine = {
      route_id: 1,
      route_code: '1',
      route_name: 'Line 1',
      category: 0,
      directions: [
        {
          direction: 1,
          origin: 'A',
          terminal: 'C',
          path: '',
          style: { strokeColor: '#f00', strokeWeight: 3, strokeOpacity: 0.5 },
          stations: [
            { id: 1, serial: 1, station_name: 'A', distance: 0, lat: 0, lng: 0 },
            { id: 2, serial: 2, station_name: 'B', distance: 1000, lat: 0, lng: 0 },
            { id: 3, serial: 3, station_name: 'C', distance: 3000, lat: 0, lng: 0 },
          ],
        },
      ],
    };
    const data = {
      imei: 'x',
      lat: 0,
      lng: 0,
      v: 0,
      a: 0,
      s: 0,
      w: 0,
      et: 0,
      rt: 0,
      route: { dir: 1, sn: 1, dist: 250 },
    };
    expect(lineProgress(data, line)).toEqual({
      origin: 'A',
      terminal: 'C',
      nextStation: 'B',
      toTerminal: 2250,
      toNext: 250,
      terminalPercent: 25,
      nextPercent: 75,
    });
    expect(lineProgress({ ...data, route: undefined }, line)).toBeNull();
  });

  it('turns moving time and vehicle type off by default', () => {
    const labels = defaultLabels();
    expect(labels.movingTime).toBe(false);
    expect(labels.vehicleType).toBe(false);
    expect(labels.speed).toBe(true);
    expect(readLabels({ getItem: () => '{"speed":false}' }).speed).toBe(false);
    expect(readLabels({ getItem: () => 'nonsense' })).toEqual(labels);
  });
});
