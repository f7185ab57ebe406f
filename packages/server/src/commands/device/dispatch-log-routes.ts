import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import { companyZone, knownTimeZone } from '../../companies/time-zone.ts';
import { DispatchLogQuery } from '../../contract/commands.ts';
import { ExportOptions, exportOptionsOf, sendTable, spanFileBase } from '../../exports/table/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { pickLanguage } from '../../kernel/language.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { DISPATCH_LOG_EXPORT, DISPATCH_LOG_READ } from '../access.ts';
import {
  checkDispatchLogRange,
  countDispatchLog,
  type DispatchLogFilter,
  exportedDispatchLog,
  listDispatchLog,
} from '../log/dispatch-log.ts';
import { dispatchLogTable } from './dispatch-log-workbook.ts';
import type { DeviceCommandOptions } from './options.ts';

// The command log (System → Command log): GET /logs/dispatch with the query in the query string, POST with the
// same fields in the body, GET /logs/dispatch/export for the same rows as .xlsx. The company's rows, newest
// first, over at most 31 days.

const ExportQuery = Type.Intersect([
  DispatchLogQuery,
  Type.Object({
    /** IANA zone the console shows times in; the company's zone (else UTC) when absent or unknown. */
    time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  ExportOptions,
]);

export function dispatchLogRoutes(
  services: Pick<Services, 'db' | 'clock'>,
  options: Pick<DeviceCommandOptions, 'exportMaxRows'>,
): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  return async (app) => {
    app.get(
      '/logs/dispatch',
      { schema: { querystring: DispatchLogQuery }, config: { access: DISPATCH_LOG_READ } },
      async (request) => ok(await listDispatchLog(db, sessionOf(request).companyId, request.query)),
    );
    app.post(
      '/logs/dispatch',
      { schema: { body: DispatchLogQuery }, config: { access: DISPATCH_LOG_READ } },
      async (request) => ok(await listDispatchLog(db, sessionOf(request).companyId, request.body)),
    );

    app.get(
      '/logs/dispatch/export',
      { schema: { querystring: ExportQuery }, config: { access: DISPATCH_LOG_EXPORT } },
      async (request, reply) => {
        const { companyId } = sessionOf(request);
        const { page: _page, limit: _limit, time_zone, format: _format, scope: _scope, ...filter } = request.query;
        checkDispatchLogRange(filter);
        const total = await countDispatchLog(db, companyId, filter satisfies DispatchLogFilter);
        const timeZone = knownTimeZone(time_zone) ?? (await companyZone(db, companyId));
        return sendTable(request, reply, {
          fileBase: spanFileBase('commands', filter.start_time, filter.end_time, timeZone),
          total,
          maxRows: options.exportMaxRows,
          options: exportOptionsOf(request.query),
          table: dispatchLogTable(exportedDispatchLog(db, companyId, filter), {
            language: pickLanguage(request.headers['accept-language']),
            timeZone,
            now: epochSeconds(clock),
          }),
        });
      },
    );
  };
}
