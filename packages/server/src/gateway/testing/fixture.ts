import { epochToLocalTime, makeLocation } from '@headway/protocol';
import { pino } from 'pino';
import type { Store } from '../../store/db.ts';
import { trackDb } from '../../tracks/schema.ts';
import { Gateway } from '../gateway.ts';
import type { GatewayOptions } from '../options.ts';

/** A company with devices (and optionally a vehicle bound to the first), for gateway tests and the bench. */
export async function seedDevices(
  store: Store,
  phones: readonly string[],
  opts: { plate?: string; company?: string } = {},
): Promise<{ companyId: number; deviceIds: number[]; vehicleId: number | undefined }> {
  const db = trackDb(store.db);
  const now = Math.floor(Date.now() / 1000);
  const company = await db
    .insertInto('companies')
    .values({ name: opts.company ?? 'Gateway Test Transit', title: '', logo: '', config: '{}', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const deviceIds: number[] = [];
  // Chunked: SQLite caps bound parameters per statement.
  for (let i = 0; i < phones.length; i += 500) {
    const rows = phones.slice(i, i + 500).map((terminal_phone) => ({
      company_id: company.id,
      terminal_phone,
      imei: `IMEI${terminal_phone}`,
      protocol_version: '2013',
      device_type: '',
      sim: '',
      created_at: now,
    }));
    const ids = await db.insertInto('devices').values(rows).returning('id').execute();
    deviceIds.push(...ids.map((r) => r.id));
  }
  let vehicleId: number | undefined;
  if (opts.plate !== undefined && deviceIds[0] !== undefined) {
    const v = await db
      .insertInto('vehicles')
      .values({
        company_id: company.id,
        car_name: 'Bus 1',
        lpn: opts.plate,
        imei: '',
        channel: '',
        device_id: deviceIds[0],
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    vehicleId = v.id;
  }
  return { companyId: company.id, deviceIds, vehicleId };
}

/** A gateway on free loopback ports with a silent logger. */
export async function startTestGateway(store: Store, options: Partial<GatewayOptions> = {}): Promise<Gateway> {
  const gateway = new Gateway(store, pino({ level: 'silent' }), {
    host: '127.0.0.1',
    port: 0,
    mediaPort: 0,
    attachmentPort: 0,
    ...options,
  });
  await gateway.start();
  return gateway;
}

/** A plausible bus fix in Shenzhen at terminal time `epoch` (GMT+8 local time on the wire). */
export function busFix(epoch: number, i = 0) {
  return makeLocation({
    lat: 22.543 + i * 1e-4,
    lng: 114.057 + i * 1e-4,
    speedKmh: 32.5,
    altitude: 12,
    direction: 90,
    time: epochToLocalTime(epoch, 480),
    status: 0x3,
    items: [
      { id: 0x01, mileageKm: 1234.5 },
      { id: 0x30, rssi: 25 },
      { id: 0x31, satellites: 11 },
    ],
  });
}
