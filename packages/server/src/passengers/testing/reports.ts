import {
  decodeBody,
  encodeBody,
  epochToLocalTime,
  type LocationItem,
  type LocationReport,
  makeLocation,
} from '@headway/protocol';
import type { Kysely } from 'kysely';
import type { Engine } from '../../store/db.ts';
import type { Database } from '../../store/schema.ts';
import { insertPositions } from '../../tracks/insert-positions.ts';
import { toRow, toStoredPosition } from '../../tracks/position-row.ts';
import type { NewPosition } from '../../tracks/schema.ts';

// Stored positions as the gateway writes them, for the passenger tests: a 0x0200 body with the vendor item 0xE1
// (five WORDs on_day, on_trip, off_trip, on_real, off_real, as the simulator's terminals send it), encoded and
// decoded by the protocol codec, then turned into a row by the gateway's own toStoredPosition/toRow.

/** [on_day, on_trip, off_trip, on_real, off_real]. */
export type Counters = readonly [number, number, number, number, number];

/** Terminal clock: JT/T 808 sends local BCD time, GMT+8 unless configured otherwise. */
const UTC_OFFSET_MINUTES = 480;

function words(values: Counters): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  values.forEach((v, i) => {
    out[i * 2] = (v >> 8) & 0xff;
    out[i * 2 + 1] = v & 0xff;
  });
  return out;
}

export interface ReportTarget {
  companyId: number;
  vehicleId: number;
  terminalPhone: string;
}

/** One report at `time` (epoch seconds); `counters` null leaves item 0xE1 out (a terminal without a counter). */
export function passengerReport(target: ReportTarget, time: number, counters: Counters | null): NewPosition {
  const items: LocationItem[] = [
    { id: 0x01, mileageKm: 1234.5 },
    { id: 0x30, rssi: 25 },
    { id: 0x31, satellites: 12 },
  ];
  if (counters) items.push({ id: 0xe1, raw: words(counters) });
  const encoded = encodeBody(
    {
      msgId: 0x0200,
      body: makeLocation({
        lat: 40.64,
        lng: -74.08,
        speedKmh: 0,
        time: epochToLocalTime(time, UTC_OFFSET_MINUTES),
        items,
      }),
    },
    { version: 2013 },
  );
  const decoded = decodeBody(0x0200, encoded, { versionFlag: false });
  if (!decoded.ok || decoded.message.msgId !== 0x0200) throw new Error('0x0200 did not round-trip');
  const stored = toStoredPosition(decoded.message.body as LocationReport, {
    companyId: target.companyId,
    terminalPhone: target.terminalPhone,
    vehicleId: target.vehicleId,
    utcOffsetMinutes: UTC_OFFSET_MINUTES,
    receiveTime: time + 1,
  });
  return toRow(stored);
}

export async function storeReports(
  db: Kysely<Database>,
  engine: Engine,
  target: ReportTarget,
  reports: readonly (readonly [time: number, counters: Counters | null])[],
): Promise<void> {
  await insertPositions(
    db,
    engine,
    reports.map(([time, counters]) => passengerReport(target, time, counters)),
  );
}
