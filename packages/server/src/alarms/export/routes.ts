import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import { companyTimeZone, knownTimeZone } from '../../companies/time-zone.ts';
import { AlarmDetailQuery } from '../../contract/alarms.ts';
import { ExportOptions, exportOptionsOf, sendTable, spanFileBase } from '../../exports/table/index.ts';
import { pickLanguage } from '../../kernel/language.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { ALARM_ACCESS, alarmScopeOf, checkDetailRange } from '../api/index.ts';
import { countExportedAlarms, customAlarmNames, exportedAlarms } from './query.ts';
import { alarmTable } from './workbook.ts';

// POST /device/alarm/export (docs/alarms.md "Export"): the details list's body, answered with an .xlsx of every
// matching alarm (page and limit ignored) in the caller's language. Refusals (permission, a bad body, too many
// rows) come back as the usual JSON envelope before a byte of the file is sent.

/** Rows one export holds at most: the top 65,535 (spec "Query bar"); the rest are left out, not refused. */
export const DEFAULT_ALARM_EXPORT_MAX_ROWS = 65_535;

export interface AlarmExportOptions {
  maxRows: number;
}

const ExportQueryString = Type.Intersect([
  Type.Object({
    /** IANA zone the console shows times in; the company's zone (else UTC) when absent or unknown. */
    time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  }),
  ExportOptions,
]);

export function alarmExportRoutes(
  services: Pick<Services, 'db' | 'clock'>,
  options: Partial<AlarmExportOptions> = {},
): FastifyPluginAsyncTypebox {
  const { db, clock } = services;
  const maxRows = options.maxRows ?? DEFAULT_ALARM_EXPORT_MAX_ROWS;

  return async (app) => {
    app.post(
      '/device/alarm/export',
      {
        schema: { body: AlarmDetailQuery, querystring: ExportQueryString },
        config: { access: ALARM_ACCESS.export },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const { companyId } = session;
        const filter = request.body.data;
        checkDetailRange(filter);
        const scope = await alarmScopeOf(db, session);
        const total = await countExportedAlarms(db, scope, filter);

        const company = await db
          .selectFrom('companies')
          .select('config')
          .where('id', '=', companyId)
          .executeTakeFirstOrThrow();
        const timeZone = knownTimeZone(request.query.time_zone) ?? companyTimeZone(company.config);
        const language = pickLanguage(request.headers['accept-language']);
        const customNames = await customAlarmNames(db, companyId);
        // A page export takes the list's page from the body when the query string does not name one.
        const options = exportOptionsOf(request.query);
        return sendTable(request, reply, {
          fileBase: spanFileBase('alarms', filter.start_time, filter.end_time, timeZone),
          total,
          maxRows,
          options: { page: request.body.page, limit: request.body.limit, ...options },
          table: alarmTable(exportedAlarms(db, scope, filter), {
            language,
            timeZone,
            customNames,
            now: epochSeconds(clock),
          }),
        });
      },
    );
  };
}
