import { describe, expect, it } from 'vitest';
import { InProcessPositionBus } from '../gateway/position-bus.ts';
import type { StoredPosition } from '../tracks/position-row.ts';
import { feedLiveFromGateway, liveState, realDataOf } from './gateway-feed.ts';
import type { RealData } from './real-data.ts';

function stored(companyId: number, phone: string, extra: Partial<StoredPosition> = {}): StoredPosition {
  return {
    companyId,
    terminalPhone: phone,
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

describe('gateway → live feed', () => {
  it('maps a committed position to real_data with the spec state bits', () => {
    const position = stored(1, '013800000001', {
      speed: 35,
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
      att: { sat: 12, gsm: 25 },
    });
    expect(liveState({ state: 0, speed: 0 })).toBe(1 << 4);
  });

  it('publishes each committed batch grouped by company', () => {
    const bus = new InProcessPositionBus();
    const published: [number, RealData[]][] = [];
    const stop = feedLiveFromGateway(bus, {
      publishPositions: (companyId, p) => void published.push([companyId, [...p]]),
    });
    bus.publish([stored(1, 'a'), stored(2, 'b'), stored(1, 'c')]);
    expect(published.map(([c, p]) => [c, p.map((r) => r.imei)])).toEqual([
      [1, ['a', 'c']],
      [2, ['b']],
    ]);
    stop();
    bus.publish([stored(1, 'a')]);
    expect(published).toHaveLength(2);
  });
});
