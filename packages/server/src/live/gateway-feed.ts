import type { StoredPosition } from '../tracks/position-row.ts';
import type { Live } from './live.ts';
import type { RealData } from './real-data.ts';

// From committed positions (gateway ingest → PositionBus) to the console's real_data. Only what a stored
// position knows: line progress (route), passengers and cards come from ingest stages that add them later.

// State bits the spec shares with JT/T 808 table 24 at the same positions: ACC, positioned, doors 1–3, GNSS kinds.
const SHARED_STATE_BITS = (1 << 0) | (1 << 1) | (1 << 13) | (1 << 14) | (1 << 15) | (0xf << 18);
const JT808_OUT_OF_SERVICE = 1 << 4;
const STATE_ONLINE = 1 << 4;
const STATE_RUNNING = 1 << 5;
const STATE_OUT_OF_SERVICE = 1 << 9;

/** Spec state flags (section 4) from the terminal's status word; warning flags are JT/T 808 table 25 as is. */
export function liveState(position: Pick<StoredPosition, 'state' | 'speed'>): number {
  let state = (position.state & SHARED_STATE_BITS) | STATE_ONLINE;
  if (position.speed > 0) state |= STATE_RUNNING;
  if (position.state & JT808_OUT_OF_SERVICE) state |= STATE_OUT_OF_SERVICE;
  return state >>> 0;
}

export function realDataOf(position: StoredPosition): RealData {
  const att: RealData['att'] = {};
  if (typeof position.attached.satellites === 'number') att.sat = position.attached.satellites;
  if (typeof position.attached.signal === 'number') att.gsm = position.attached.signal;
  return {
    imei: position.terminalPhone,
    lat: position.lat,
    lng: position.lng,
    v: position.speed,
    a: position.azimuth,
    s: liveState(position),
    w: position.warning >>> 0,
    et: position.eventTime,
    rt: position.receiveTime,
    ...(Object.keys(att).length > 0 ? { att } : {}),
  };
}

/** Anything with the gateway's subscription hook (Gateway.onPositions, PositionBus.onPositions). */
export interface CommittedPositions {
  onPositions(listener: (batch: readonly StoredPosition[]) => void): () => void;
}

/**
 * Publishes every committed batch on the live channel, grouped by company. The listener runs inside the
 * gateway's commit path, so it only maps and hands over; batching and sending happen on the live timer.
 */
export function feedLiveFromGateway(source: CommittedPositions, live: Pick<Live, 'publishPositions'>): () => void {
  return source.onPositions((batch) => {
    const byCompany = new Map<number, RealData[]>();
    for (const position of batch) {
      let list = byCompany.get(position.companyId);
      if (!list) {
        list = [];
        byCompany.set(position.companyId, list);
      }
      list.push(realDataOf(position));
    }
    for (const [companyId, positions] of byCompany) live.publishPositions(companyId, positions);
  });
}
