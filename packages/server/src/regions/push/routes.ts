import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Jt808Message } from '@headway/protocol';
import type { CommandState } from '@headway/spec';
import { COMMAND_READ, COMMAND_WRITE } from '../../commands/access.ts';
import { commandContext, exchange } from '../../commands/device/exchange.ts';
import { DataQuery, payloadOf } from '../../commands/device/payload.ts';
import { targetByImei, targetsByCarIds } from '../../commands/target.ts';
import {
  RegionPushBody,
  RegionPushesQuery,
  type RegionPushResult,
  type RegionPushRow,
  RegionQueryData,
  type RegionQueryResult,
} from '../../contract/region-pushes.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { Services } from '../../services.ts';
import { heldRegionsOf } from './held.ts';
import { sendRegionCommand } from './push.ts';
import { latestPushes, regionOf } from './pushes.ts';
import { deleteMessageOf, setMessageOf } from './wire.ts';

// Regions on the terminals (docs/api.md "Regions"): push a region to vehicles so their terminals enforce it and
// report entering and leaving it themselves (0x0200 item 0x12), take it back, and see who holds it. Pushing is a
// command from the live map, so the command window's access governs it. A 2019 terminal can also be asked what it
// holds (0x8608 → 0x0608), a GET with its payload under `data` like the other /jtt1078 terminal calls.

const queryData = payloadOf(RegionQueryData);

export function regionPushRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db } = services;
  return async (app) => {
    app.post(
      '/basic/region/push',
      { schema: { body: RegionPushBody }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const ctx = commandContext(request, services);
        const region = await regionOf(db, ctx.caller.companyId, request.body.region_id);
        // Built before anything is sent: a POI or unreadable points is 1004 for every vehicle alike.
        const message = setMessageOf(region);
        const targets = await targetsByCarIds(db, ctx.caller, request.body.car_list);
        const rows = await sendRegionCommand(ctx, targets, message, region.id, 'region-push');
        return ok<RegionPushResult>({ rows });
      },
    );

    app.post(
      '/basic/region/unpush',
      { schema: { body: RegionPushBody }, config: { access: COMMAND_WRITE } },
      async (request) => {
        const ctx = commandContext(request, services);
        const region = await regionOf(db, ctx.caller.companyId, request.body.region_id);
        const message = deleteMessageOf(region);
        const targets = await targetsByCarIds(db, ctx.caller, request.body.car_list);
        const rows = await sendRegionCommand(ctx, targets, message, region.id, 'region-delete');
        return ok<RegionPushResult>({ rows });
      },
    );

    app.get(
      '/basic/region/pushes',
      { schema: { querystring: RegionPushesQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const { companyId } = commandContext(request, services).caller;
        const region = await regionOf(db, companyId, request.query.region_id);
        const latest = await latestPushes(db, companyId, region.id);
        return ok<{ rows: RegionPushRow[] }>({
          rows: latest.map((p) => ({
            car_id: p.vehicleId,
            car_name: p.carName,
            command: p.command,
            state: p.state as CommandState,
            result: p.result,
            account: p.account,
            send_time: p.sendTime,
            reply_time: p.replyTime,
          })),
        });
      },
    );

    app.get(
      '/jtt1078/region/qry',
      { schema: { querystring: DataQuery }, config: { access: COMMAND_READ } },
      async (request) => {
        const data = queryData(request.query.data);
        const ctx = commandContext(request, services);
        const target = await targetByImei(db, ctx.caller, data.imei);
        const message: Jt808Message = { msgId: 0x8608, body: { type: data.type, ids: data.ids ?? [] } };
        const { reply } = await exchange(ctx, { target, message, action: 'region-query', request: data }, 0x0608);
        // 0x0608 carries no reply flow id: an answer about another kind is not this query's answer.
        if (reply.body.type !== data.type) {
          throw new ApiError(ErrorCode.processing, { type: reply.body.type }, 'terminal answered another kind');
        }
        return ok<RegionQueryResult>(heldRegionsOf(reply.body));
      },
    );
  };
}
