import { describe, expect, it } from 'vitest';
import type { StoredPosition } from '../tracks/position-row.ts';
import { realDataOf } from './from-position.ts';

function stored(extra: Partial<StoredPosition> = {}): StoredPosition {
  return {
    companyId: 1,
    terminalPhone: '013800000001',
    vehicleId: null,
    lat: 22.5,
    lng: 114.05,
    speed: 0,
    azimuth: 180,
    altitude: 10,
    mileage: null,
    state: 0,
    warning: 0,
    attached: {},
    eventTime: 1_763_780_000,
    receiveTime: 1_763_780_001,
    report: {} as StoredPosition['report'],
    ...extra,
  };
}

describe('position → real_data', () => {
  it('maps a committed position with the spec state bits', () => {
    const position = stored({
      speed: 35,
      mileage: 1234.5,
      // ACC on, positioned, JT/T 808 "out of service" (bit 4), front door open (bit 13), GPS + BDS (18, 19).
      state: (1 << 0) | (1 << 1) | (1 << 4) | (1 << 13) | (1 << 18) | (1 << 19),
      warning: 1 << 1,
      attached: { satellites: 12, signal: 25 },
    });
    expect(realDataOf(position)).toEqual({
      imei: '013800000001',
      lat: 22.5,
      lng: 114.05,
      v: 35,
      a: 180,
      s: (1 << 0) | (1 << 1) | (1 << 4) | (1 << 5) | (1 << 9) | (1 << 13) | (1 << 18) | (1 << 19),
      w: 2,
      et: 1_763_780_000,
      rt: 1_763_780_001,
      att: { sat: 12, gsm: 25, max_km: 1234.5 },
    });
    // JT/T 808 bits without a spec meaning at that position (south, west, encrypted) are not copied.
    expect(realDataOf(stored({ state: (1 << 2) | (1 << 3) | (1 << 5) })).s).toBe(1 << 4);
  });

  it('takes what the caller knows over what the position gives, and leaves out what nobody knows', () => {
    const data = realDataOf(stored({ attached: { satellites: 9 } }), {
      imei: '860000000000001',
      s: 1 << 7,
      w: 1 << 23,
      mt: 1_763_779_000,
      route: { code: 'S40', dir: 1, sn: 3 },
      passenger: { on_day: 120 },
      card: { dei: 'D0001', den: 'Li Lei' },
      att: { dei: 'D0001', den: 'Li Lei' },
    });
    expect(data).toEqual({
      imei: '860000000000001',
      lat: 22.5,
      lng: 114.05,
      v: 0,
      a: 180,
      s: 1 << 7,
      w: 1 << 23,
      et: 1_763_780_000,
      rt: 1_763_780_001,
      mt: 1_763_779_000,
      route: { code: 'S40', dir: 1, sn: 3 },
      passenger: { on_day: 120 },
      att: { sat: 9, dei: 'D0001', den: 'Li Lei' },
      card: { dei: 'D0001', den: 'Li Lei' },
    });
    expect(Object.keys(realDataOf(stored()))).toEqual(['imei', 'lat', 'lng', 'v', 'a', 's', 'w', 'et', 'rt']);
  });
});
