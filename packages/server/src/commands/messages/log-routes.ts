import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@headway/spec';
import { Type } from 'typebox';
import { maskOn, sessionOf } from '../../auth/access.ts';
import type { SessionContext } from '../../auth/session-context.ts';
import { companyTimeZone, knownTimeZone } from '../../companies/time-zone.ts';
import { MessageLogQuery } from '../../contract/commands.ts';
import { hasPermission } from '../../contract/index.ts';
import { ExportOptions, exportOptionsOf, sendTable, spanFileBase } from '../../exports/table/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { parameterError } from '../../kernel/errors.ts';
import { pickLanguage } from '../../kernel/language.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { MESSAGE_LOG_EXPORT, MESSAGE_LOG_READ } from '../access.ts';
import { allMessageLog, countMessageLog, listMessageLog, type MessageLogFilter } from '../log/message-log.ts';
import { messageLogTable } from './export-workbook.ts';

// The message log (spec "Message log query"): GET /logs/message with the query in the query string, POST with
// the same fields in the body (the chat's reply polling and history, the System → Message log screen), and
// GET /logs/message/export for the same rows as .xlsx.

/** The longest range one query may span. */
export const MAX_LOG_SPAN_SECONDS = 31 * 86_400;

/** Rows one export holds at most: the top 65,535 (spec "Query bar"). */
export const MESSAGE_EXPORT_MAX_ROWS = 65_535;

const ExportQuery = Type.Intersect([
  MessageLogQuery,
  Type.Object({
    /** IANA zone the console shows times in; the company's zone (else UTC) when absent or unknown. */
    time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  ExportOptions,
]);

/**
 * The rows a caller may see: always their company's; all of it with the Message log screen, only their own sends
 * when they come from a monitoring screen (the chat's reply polling and history).
 */
function filterOf(session: SessionContext, q: MessageLogQuery): MessageLogFilter {
  if (q.end_time < q.start_time) throw parameterError('end_time', 'end_time is before start_time');
  if (q.end_time - q.start_time > MAX_LOG_SPAN_SECONDS) {
    throw parameterError('end_time', 'the range spans more than 31 days');
  }
  const wholeLog = hasPermission(maskOn(session, 'SystemLogMessage'), 'view');
  return {
    companyId: session.companyId,
    ...(wholeLog ? {} : { userId: session.userId }),
    ...(q.data ? { uuid: q.data } : {}),
    ...(q.account ? { account: q.account } : {}),
    ...(q.car_id !== undefined ? { vehicleId: q.car_id } : {}),
    ...(q.send_state !== undefined ? { sendState: q.send_state } : {}),
    startTime: q.start_time,
    endTime: q.end_time,
  };
}

export function messageLogRoutes(services: Pick<Services, 'db' | 'clock'>): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  const list = (session: SessionContext, q: MessageLogQuery) =>
    listMessageLog(db, filterOf(session, q), { page: q.page ?? DEFAULT_PAGE, limit: q.limit ?? DEFAULT_PAGE_SIZE });

  return async (app) => {
    app.get(
      '/logs/message',
      { schema: { querystring: MessageLogQuery }, config: { access: MESSAGE_LOG_READ } },
      async (request) => ok(await list(sessionOf(request), request.query)),
    );
    app.post(
      '/logs/message',
      { schema: { body: MessageLogQuery }, config: { access: MESSAGE_LOG_READ } },
      async (request) => ok(await list(sessionOf(request), request.body)),
    );

    app.get(
      '/logs/message/export',
      { schema: { querystring: ExportQuery }, config: { access: MESSAGE_LOG_EXPORT } },
      async (request, reply) => {
        const session = sessionOf(request);
        const filter = filterOf(session, request.query);
        const total = await countMessageLog(db, filter);
        const company = await db
          .selectFrom('companies')
          .select('config')
          .where('id', '=', session.companyId)
          .executeTakeFirstOrThrow();
        const timeZone = knownTimeZone(request.query.time_zone) ?? companyTimeZone(company.config);
        return sendTable(request, reply, {
          fileBase: spanFileBase('messages', filter.startTime, filter.endTime, timeZone),
          total,
          maxRows: MESSAGE_EXPORT_MAX_ROWS,
          options: exportOptionsOf(request.query),
          table: messageLogTable(allMessageLog(db, filter), {
            language: pickLanguage(request.headers['accept-language']),
            timeZone,
            now: epochSeconds(clock),
          }),
        });
      },
    );
  };
}
