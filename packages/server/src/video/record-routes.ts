import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { epochToLocalTime, type Jt808Message, type LocalTime, localTimeToEpoch } from '@headway/protocol';
import { exchange } from '../commands/device/exchange.ts';
import { DataQuery, payloadOf } from '../commands/device/payload.ts';
import { RecordControlData, RecordListData, RecordPlayData, type RecordRow } from '../contract/video.ts';
import { gatewayOptionsFromEnv } from '../gateway/options.ts';
import { ok } from '../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../kernel/errors.ts';
import type { Services } from '../services.ts';
import { VIDEO_VIEW } from './access.ts';
import { NO_TIME } from './media-service.ts';
import type { VideoOptions } from './options.ts';
import { localNode, requireCapability, requireMediaNode, UrlMinter, videoCall } from './video-target.ts';

// Recorded video (JT/T 1078 §5.6): the list (0x9205 → 0x1205, up to 60 s), playback (0x9201, streamed to the same
// viewer endpoints under a playback key) and its control (0x9202). Times are epoch seconds on the API and the
// terminal's local time (HEADWAY_GATEWAY_UTC_OFFSET_MINUTES, GMT+8 by default) on the wire; 0 is "no bound".

const listData = payloadOf(RecordListData);
const playData = payloadOf(RecordPlayData);
const controlData = payloadOf(RecordControlData);

/** The 64-bit alarm field: JT/T 808 bits in the low 32, JT/T 1078 video alarm bits in the high 32. */
export function splitAlarm(decimal: string | undefined): { alarmFlags: number; videoAlarmFlags: number } {
  const v = BigInt(decimal ?? '0');
  if (v >= 1n << 64n) throw new ApiError(ErrorCode.parameter, { field: 'data.alarm', reason: 'more than 64 bits' });
  return { alarmFlags: Number(v & 0xffffffffn), videoAlarmFlags: Number(v >> 32n) };
}

export function joinAlarm(alarmFlags: number, videoAlarmFlags: number): string {
  return ((BigInt(videoAlarmFlags >>> 0) << 32n) | BigInt(alarmFlags >>> 0)).toString();
}

/** A 0x9201 answered by a plain 0x0001 result 0 instead of 0x1205: accepted (see record/play). */
class AcceptedByAck extends ApiError {}

export function recordRoutes(
  services: Pick<Services, 'db' | 'clock'>,
  options: VideoOptions,
): FastifyPluginAsyncTypebox {
  const minter = new UrlMinter(options, services.clock);
  const offset = gatewayOptionsFromEnv().utcOffsetMinutes;
  const wireTime = (epoch: number): LocalTime => (epoch === 0 ? NO_TIME : epochToLocalTime(epoch, offset));
  const apiTime = (time: LocalTime): number => localTimeToEpoch(time, offset) ?? 0;

  return async (app) => {
    app.get(
      '/jtt1078/record/list',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = listData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'video');
        const message: Jt808Message = {
          msgId: 0x9205,
          body: {
            channel: data.chn,
            start: wireTime(data.start_time),
            end: wireTime(data.end_time),
            ...splitAlarm(data.alarm),
            avType: data.av_type,
            streamType: data.stream,
            storageType: data.storage,
          },
        };
        const { reply } = await exchange(
          call.ctx,
          {
            target: call.target,
            message,
            action: 'record-list',
            request: data,
            timeoutMs: options.recordListTimeoutMs,
          },
          0x1205,
        );
        const rows: RecordRow[] = reply.body.items.map((item) => ({
          chn: item.channel,
          start_time: apiTime(item.start),
          end_time: apiTime(item.end),
          alarm: joinAlarm(item.alarmFlags, item.videoAlarmFlags),
          av_type: item.avType,
          stream: item.streamType,
          storage: item.storageType,
          size: item.size,
        }));
        return ok({ rows });
      },
    );

    app.get(
      '/jtt1078/record/play',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = playData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'video');
        const node = await requireMediaNode(request, call);
        const message: Jt808Message = {
          msgId: 0x9201,
          body: {
            ip: '',
            tcpPort: 0,
            udpPort: 0,
            channel: data.chn,
            avType: data.av_type,
            streamType: data.stream,
            storageType: data.storage,
            playbackMode: data.mode,
            speed: data.speed,
            start: wireTime(data.start_time),
            end: wireTime(data.end_time),
          },
        };
        // The standard answers 0x9201 with the resource list being played (0x1205); some terminals send a plain
        // 0x0001 result 0, which is as good.
        await exchange(
          call.ctx,
          { target: call.target, message, action: 'record-play', request: data },
          0x1205,
          (result, replyMsgId) =>
            replyMsgId === 0x0001 && result === 0
              ? new AcceptedByAck(ErrorCode.processing, null, 'accepted with 0x0001')
              : new ApiError(ErrorCode.processing, { replyMsgId, result }, 'terminal refused the playback'),
        ).catch((error: unknown) => {
          if (error instanceof AcceptedByAck) return;
          throw error;
        });
        const audio = data.av_type !== 2;
        return ok(
          minter.streamUrls(call, node, { channel: data.chn, kind: 'playback', stream: 0 }, audio, localNode(request)),
        );
      },
    );

    app.get(
      '/jtt1078/record/control',
      { schema: { querystring: DataQuery }, config: { access: VIDEO_VIEW } },
      async (request) => {
        const data = controlData(request.query.data);
        const call = await videoCall(request, services, data.imei);
        requireCapability(call.target, 'video');
        await requireMediaNode(request, call);
        const message: Jt808Message = {
          msgId: 0x9202,
          body: {
            channel: data.chn,
            control: data.control,
            speed: data.speed ?? 0,
            seekTime: data.control === 5 && data.time ? wireTime(data.time) : NO_TIME,
          },
        };
        await exchange(call.ctx, { target: call.target, message, action: 'record-control', request: data }, 0x0001);
        return ok({ chn: data.chn, result: 0 });
      },
    );
  };
}
