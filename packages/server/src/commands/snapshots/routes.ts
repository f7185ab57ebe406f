import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Jt808Message } from '@headway/protocol';
import { CommandStateCode } from '@headway/spec';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import { lineScopeOf } from '../../consoles/scope.ts';
import { SnapshotData, SnapshotListQuery, type SnapshotResult, type SnapshotRow } from '../../contract/commands.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { COMMAND_READ } from '../access.ts';
import { commandContext, exchange } from '../device/exchange.ts';
import type { DeviceCommandOptions } from '../device/options.ts';
import { DataQuery, payloadOf } from '../device/payload.ts';
import { settleDispatchRow } from '../log/dispatch-log.ts';
import { targetByImei } from '../target.ts';
import { listSnapshots, snapshotImage, snapshotsFor } from './queries.ts';

// Snapshots (spec "Snapshot", section 9 resolutions): GET /jtt1078/media/snap takes a picture now — 0x8801,
// answered by 0x0805 with the media ids, then the picture itself as a (multi-packet) 0x0801 that the gateway
// holding the terminal stores (intake.ts). The call waits for those rows in the database, so it works whichever
// node the terminal is connected to. Taking a snapshot needs only view: it reads the camera and changes nothing
// on the terminal or in the fleet (spec section 6 lists the snapshot among no edit actions).

const snapData = payloadOf(SnapshotData);

/** 0x0805 result 2: the terminal has no such camera. */
const CHANNEL_UNSUPPORTED = 2;

/** Received-at is the gateway's clock; allow for nodes whose clocks differ a little. */
const CLOCK_SLACK_SECONDS = 60;

export function snapshotRoutes(
  services: Pick<Services, 'db' | 'clock'>,
  options: DeviceCommandOptions,
): FastifyPluginAsyncTypebox {
  const { db } = services;
  return async (app) => {
    app.get(
      '/jtt1078/media/snap',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const data = snapData(request.query.data);
        const ctx = commandContext(request, services);
        const target = await targetByImei(db, ctx.caller, data.imei);
        const count = data.cmd ?? 1;
        const save = data.flag ?? 0;
        const message: Jt808Message = {
          msgId: 0x8801,
          body: {
            channel: data.chn,
            command: count,
            interval: data.interval ?? 0,
            save,
            resolution: data.resolution,
            quality: data.quality,
            brightness: data.light ?? 0,
            contrast: data.contrast ?? 0,
            saturation: data.saturation ?? 0,
            chroma: data.shades ?? 0,
          },
        };
        const since = Math.floor(Date.now() / 1000) - CLOCK_SLACK_SECONDS;
        const { logId, reply } = await exchange(
          ctx,
          { target, message, action: 'snapshot', request: data },
          0x0805,
          (result, replyMsgId) =>
            result === CHANNEL_UNSUPPORTED
              ? new ApiError(ErrorCode.parameter, { field: 'chn', reason: 'channel unsupported', result })
              : new ApiError(ErrorCode.processing, { replyMsgId, result }, 'terminal refused the snapshot'),
        );
        // Stored on the terminal (flag 1): nothing comes to the platform now.
        if (save !== 0 || target.deviceId === null) return ok<SnapshotResult>({ rows: [] });

        const wanted = { deviceId: target.deviceId, mediaIds: reply.body.mediaIds, chn: data.chn, since, count };
        const expected = wanted.mediaIds.length > 0 ? wanted.mediaIds.length : count;
        const deadline = Date.now() + options.snapshotWaitMs;
        let rows: SnapshotRow[] = [];
        for (;;) {
          rows = await snapshotsFor(db, wanted);
          if (rows.length >= expected || Date.now() >= deadline || request.raw.socket?.destroyed) break;
          await sleep(options.snapshotPollMs);
        }
        if (rows.length === 0) {
          // The terminal took the command but the picture never arrived: the log says so, the caller gets 1101.
          await settleDispatchRow(db, logId, {
            state: CommandStateCode.unreachable,
            result: ErrorCode.processing,
            replyTime: epochSeconds(services.clock),
          });
          throw new ApiError(ErrorCode.processing, { reason: 'no picture' }, 'snapshot upload did not arrive');
        }
        return ok<SnapshotResult>({ rows });
      },
    );

    app.get(
      '/device/snapshot',
      { schema: { querystring: SnapshotListQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        return ok(await listSnapshots(db, companyId, await lineScopeOf(db, companyId, userId), request.query));
      },
    );

    app.get(
      '/device/snapshot/:id/image',
      {
        schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }) },
        config: { access: COMMAND_READ },
      },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        const scope = await lineScopeOf(db, companyId, userId);
        const image = await snapshotImage(db, companyId, scope, request.params.id);
        if (!image) throw new ApiError(ErrorCode.recordMissing, null, 'snapshot not found');
        return reply
          .type('image/jpeg')
          .header('cache-control', 'private, max-age=86400')
          .send(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
      },
    );
  };
}
