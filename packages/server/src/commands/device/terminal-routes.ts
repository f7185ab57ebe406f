import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Jt808Message } from '@headway/protocol';
import { CommandStateCode, TERMINAL_CONTROL } from '@headway/spec';
import type { FastifyRequest } from 'fastify';
import {
  type AvCapability,
  type CommandOutcome,
  type DeviceAttributes,
  type DispatchAction,
  ParamQueryData,
  type ParamQueryResult,
  ParamSetData,
  RebootBody,
  TerminalTarget,
} from '../../contract/commands.ts';
import { ok } from '../../kernel/envelope.ts';
import type { Services } from '../../services.ts';
import { COMMAND_READ, COMMAND_WRITE } from '../access.ts';
import { targetByImei } from '../target.ts';
import { type CommandRun, commandContext, exchange, queueCommand, reachable } from './exchange.ts';
import type { DeviceCommandOptions } from './options.ts';
import { paramRow, wireParam, withCompanions } from './param-values.ts';
import { DataQuery, payloadOf } from './payload.ts';

// The terminal calls of the command window (spec section 7 "Terminal/video", GET with the payload under `data`):
// audio/video capability (0x9003 → 0x1003), attributes (0x8107 → 0x0107), parameters read (0x8104 / 0x8106 →
// 0x0104) and written (0x8103 → 0x0001), reboot and log (0x8105 → 0x0001). A terminal that is offline, silent or
// absent answers 1101; one that refuses answers 1101 with `{replyMsgId, result}` (its 0x0001 result byte).

const targetData = payloadOf(TerminalTarget);
const queryData = payloadOf(ParamQueryData);
const setData = payloadOf(ParamSetData);

export function terminalRoutes(
  services: Pick<Services, 'db' | 'clock'>,
  options: DeviceCommandOptions,
): FastifyPluginAsyncTypebox {
  const { db } = services;

  /** The caller's vehicle named by the payload's IMEI (1008 when not theirs or outside their consoles). */
  const targetOf = (request: FastifyRequest, imei: string) => {
    const ctx = commandContext(request, services);
    return targetByImei(db, ctx.caller, imei).then((target) => ({ ctx, target }));
  };

  /** Reboot and log: 0x8105 with a command word and no parameters, acknowledged by 0x0001. */
  const control = async (request: FastifyRequest, data: TerminalTarget, action: DispatchAction, command: number) => {
    const { ctx, target } = await targetOf(request, data.imei);
    const message: Jt808Message = { msgId: 0x8105, body: { command, param: '' } };
    const { logId } = await exchange(ctx, { target, message, action, request: data }, 0x0001);
    return ok<CommandOutcome>({ id: logId, state: CommandStateCode.replied });
  };

  return async (app) => {
    app.get(
      '/jtt1078/property/av',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const data = targetData(request.query.data);
        const { ctx, target } = await targetOf(request, data.imei);
        const message: Jt808Message = { msgId: 0x9003, body: {} };
        const { reply } = await exchange(ctx, { target, message, action: 'av-capability', request: data }, 0x1003);
        const b = reply.body;
        return ok<AvCapability>({
          audio_encode: b.audioCodec,
          audio_channel: b.audioChannels,
          audio_sampling: b.audioSampleRate,
          audio_sampling_bit: b.audioSampleBits,
          frame_length: b.audioFrameLength,
          audio_output: b.audioOutput,
          video_encode: b.videoCodec,
          max_audio: b.maxAudioChannels,
          max_video: b.maxVideoChannels,
        });
      },
    );

    app.get(
      '/jtt1078/property/dev',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const data = targetData(request.query.data);
        const { ctx, target } = await targetOf(request, data.imei);
        const message: Jt808Message = { msgId: 0x8107, body: {} };
        const { reply } = await exchange(ctx, { target, message, action: 'attributes', request: data }, 0x0107);
        const b = reply.body;
        return ok<DeviceAttributes>({
          devtype: b.terminalType,
          producer: b.maker,
          firmware: b.fwVersion,
          devmodel: b.model,
          devgid: b.terminalId,
          iccid: b.iccid,
          hardware: b.hwVersion,
          gnss: b.gnssAttr,
          cn: b.commAttr,
        });
      },
    );

    app.get(
      '/jtt1078/param/qry',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const data = queryData(request.query.data);
        const { ctx, target } = await targetOf(request, data.imei);
        const ids = withCompanions(data.params ?? []);
        const message: Jt808Message = ids.length > 0 ? { msgId: 0x8106, body: { ids } } : { msgId: 0x8104, body: {} };
        const { reply } = await exchange(ctx, { target, message, action: 'params-read', request: data }, 0x0104);
        return ok<ParamQueryResult>({ params: reply.body.params.map(paramRow) });
      },
    );

    // Writes need edit (spec section 6 "parameter edit/save need edit"). Every value is checked before anything is
    // sent, so a refused batch changes nothing on the terminal.
    app.get(
      '/jtt1078/param/set',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const data = setData(request.query.data);
        const params = data.params.map((p) => wireParam(p.id, p.value));
        const { ctx, target } = await targetOf(request, data.imei);
        const message: Jt808Message = { msgId: 0x8103, body: { params } };
        const logged: CommandRun = { target, message, action: 'params-write', request: data };
        // Only a vehicle with a terminal can wait for it; without one the send below answers 1101.
        if (data.queue && target.deviceId !== null && !(await reachable(ctx, target))) {
          return ok(await queueCommand(ctx, logged, data.queue));
        }
        const { logId } = await exchange(ctx, logged, 0x0001);
        return ok<CommandOutcome>({ id: logId, state: CommandStateCode.replied });
      },
    );

    app.get(
      '/jtt1078/reboot',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_WRITE } },
      async (request) => control(request, targetData(request.query.data), 'reboot', TERMINAL_CONTROL.reboot),
    );

    app.post('/dispatch/reboot', { schema: { body: RebootBody }, config: { access: COMMAND_WRITE } }, async (request) =>
      control(request, request.body, 'reboot', TERMINAL_CONTROL.reboot),
    );

    app.get(
      '/jtt1078/log',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_WRITE } },
      async (request) => control(request, targetData(request.query.data), 'log', options.logCommand),
    );
  };
}
