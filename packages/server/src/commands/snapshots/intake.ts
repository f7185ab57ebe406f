import { type Jt808Header, localTimeToEpoch, type MediaData } from '@headway/protocol';
import type { Kysely } from 'kysely';
import type { KnownDevice } from '../../gateway/devices.ts';
import type { TerminalSession } from '../../gateway/session.ts';
import type { Database } from '../../store/schema.ts';
import { commandDb } from '../schema.ts';
import { jpegSize } from './jpeg-size.ts';

// Pictures terminals upload with 0x0801 (JT/T 808 §8.52), reassembled from their fragments by the session: the
// answer to a snapshot command (0x8801) as well as the terminal's own photos (timer, door, alarm events). They are
// kept in the database, where any API node can serve them, and only then acknowledged with 0x8800 — a picture the
// platform failed to store gets no answer, so the terminal uploads it again.

/** 0x0801 media type and format of a JPEG picture; audio and video uploads are acknowledged and not kept. */
const IMAGE = 0;
const JPEG = 0;

export interface SnapshotSource {
  device: KnownDevice;
  utcOffsetMinutes: number;
  /** Epoch seconds. */
  receivedAt: number;
}

/** Stores the picture; a resend of one already kept (same device, media id and time) is not stored twice. */
export async function storeSnapshot(db: Kysely<Database>, source: SnapshotSource, media: MediaData): Promise<number> {
  const { device, receivedAt } = source;
  const cdb = commandDb(db);
  const snapTime = localTimeToEpoch(media.location.time, source.utcOffsetMinutes) ?? receivedAt;
  const kept = await cdb
    .selectFrom('snapshots')
    .select('id')
    .where('device_id', '=', device.id)
    .where('media_id', '=', media.mediaId)
    .where('snap_time', '=', snapTime)
    .where('size', '=', media.data.length)
    .executeTakeFirst();
  if (kept) return kept.id;
  const vehicle =
    device.vehicleId === null
      ? undefined
      : await cdb
          .selectFrom('vehicles')
          .select('car_name')
          .where('id', '=', device.vehicleId)
          .where('company_id', '=', device.companyId)
          .executeTakeFirst();
  const size = jpegSize(media.data);
  const { location } = media;
  const located = location.latRaw !== 0 || location.lngRaw !== 0;
  const row = await cdb
    .insertInto('snapshots')
    .values({
      company_id: device.companyId,
      vehicle_id: vehicle ? device.vehicleId : null,
      device_id: device.id,
      car_name: vehicle?.car_name ?? '',
      terminal_phone: device.terminalPhone,
      media_id: media.mediaId,
      chn: media.channel,
      event: media.event,
      width: size?.width ?? null,
      height: size?.height ?? null,
      size: media.data.length,
      lat: located ? location.lat : null,
      lng: located ? location.lng : null,
      snap_time: snapTime,
      received_at: receivedAt,
      image: media.data,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The gateway's handling of a complete 0x0801: store, then answer 0x8800 (nothing to resend). */
export function takeSnapshotUpload(session: TerminalSession, header: Jt808Header, media: MediaData): void {
  const device = session.device;
  if (!device) return;
  const acknowledge = () =>
    session.reply(header, { msgId: 0x8800, body: { mediaId: media.mediaId, retransmitIds: [] } });
  if (media.mediaType !== IMAGE || media.format !== JPEG) {
    acknowledge();
    return;
  }
  const source = {
    device,
    utcOffsetMinutes: session.host.options.utcOffsetMinutes,
    receivedAt: Math.floor(Date.now() / 1000),
  };
  storeSnapshot(session.host.db, source, media).then(acknowledge, (error: unknown) =>
    session.host.log.warn(
      'snapshot',
      { err: error, phone: device.terminalPhone, mediaId: media.mediaId },
      'snapshot not stored; not acknowledged, the terminal resends',
    ),
  );
}
