import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sessionOf } from '../../auth/access.ts';
import { AlarmDetailQuery, AlarmHandleBody, AlarmIdQuery, AlarmRealQuery } from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { paging } from '../../store/paging.ts';
import { ALARM_ACCESS } from './access.ts';
import { alarmDetail, searchAlarms } from './details.ts';
import { liveAlarmCount, liveAlarmList } from './live-list.ts';
import type { AlarmApiOptions } from './options.ts';
import { webNoticeOff } from './preferences.ts';
import { markRead, readerOf } from './read-handling.ts';
import { alarmScopeOf } from './scope.ts';

// /device/alarm: the live list (or its count alone, which the navbar polls), the details search, one alarm, and read
// handling. Every call is scoped to the caller's company and consoles (scope.ts): another company's alarm answers
// like a missing one.

export function alarmDeviceRoutes(services: Services, options: AlarmApiOptions): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  return async (app) => {
    app.get(
      '/device/alarm/real',
      { schema: { querystring: AlarmRealQuery }, config: { access: ALARM_ACCESS.view } },
      async (request) => {
        const session = sessionOf(request);
        const [scope, hidden] = await Promise.all([
          alarmScopeOf(db, session),
          webNoticeOff(db, session.companyId, session.userId),
        ]);
        const query = {
          since: epochSeconds(clock) - options.liveWindowSeconds,
          routeId: request.query.route_id,
          hidden,
        };
        // The badge asks for the count alone, so a console does not fetch the list while its dialog is closed.
        if (request.query.count_only === 1) return ok(await liveAlarmCount(db, scope, query));
        return ok(await liveAlarmList(db, scope, { ...query, maxRows: options.liveMaxRows }));
      },
    );

    app.post(
      '/device/alarm/all',
      { schema: { body: AlarmDetailQuery }, config: { access: ALARM_ACCESS.view } },
      async (request) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        return ok(await searchAlarms(db, scope, request.body.data, paging(request.body)));
      },
    );

    app.get(
      '/device/alarm',
      { schema: { querystring: AlarmIdQuery }, config: { access: ALARM_ACCESS.view } },
      async (request) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        const row = await alarmDetail(db, scope, request.query.id);
        if (!row) throw new ApiError(ErrorCode.recordMissing);
        return ok(row);
      },
    );

    app.put(
      '/device/alarm',
      { schema: { body: AlarmHandleBody }, config: { access: ALARM_ACCESS.edit } },
      async (request) => {
        const session = sessionOf(request);
        const [scope, reader] = await Promise.all([
          alarmScopeOf(db, session),
          readerOf(db, session.companyId, session.userId),
        ]);
        const remark = request.body.remark?.trim() ?? '';
        const count = await markRead(db, scope, request.body.id_list, reader, remark, epochSeconds(clock));
        // Other consoles refetch their count and lists (the ids asked for: the ones that changed are among them).
        if (count > 0) app.live?.publishAlarmsRead(session.companyId, request.body.id_list);
        return ok({ count });
      },
    );
  };
}
