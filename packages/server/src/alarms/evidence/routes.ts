import { basename } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { sessionOf } from '../../auth/access.ts';
import {
  AlarmFileListBody,
  AlarmFileQuery,
  AlarmUploadBody,
  type AlarmUploadResult,
  AlarmZipQuery,
} from '../../contract/alarms.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode, parameterError } from '../../kernel/errors.ts';
import type { Services } from '../../services.ts';
import { ALARM_ACCESS } from '../api/access.ts';
import { type AlarmScope, alarmApiDb, alarmScopeOf, inScope } from '../api/scope.ts';
import type { AlarmFileRecord } from '../schema.ts';
import { identOfAlarm } from './alarm-key.ts';
import { alarmFileRows, completeFileAt, completeFiles } from './files.ts';
import { contentTypeOf, safeSegment } from './paths.ts';
import { parseRange } from './range.ts';
import type { EvidenceRequester } from './request.ts';
import type { EvidenceStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends 0x9208 to terminals connected to this node (set by the gateway module; absent on API-only nodes). */
    evidenceRequester?: EvidenceRequester;
  }
}

// Evidence files of an alarm (docs/evidence.md, docs/api.md "Alarm evidence"): the list, one file's bytes (with
// HTTP Range for the video player), every file as one zip, and asking the vehicle to upload them now. Screen
// Safety → Active safety: view to list and download, export for the zip, edit to ask the vehicle.

export interface EvidenceRouteDeps extends Services {
  /** Where the files are; without one (an API-only test) every download answers 1008. */
  evidence?: EvidenceStore;
}

export function evidenceRoutes(deps: EvidenceRouteDeps): FastifyPluginAsyncTypebox {
  const { db } = deps;

  /**
   * A console-bound user sees an alarm's files only when the alarm is of their lines (the rule of the alarm
   * list); company-wide users see every file of their company, also one whose alarm row is not stored yet.
   */
  async function visible(scope: AlarmScope, alarmKey: string): Promise<boolean> {
    if (scope.lines === undefined) return true;
    if (scope.lines.size === 0) return false;
    const row = await alarmApiDb(db)
      .selectFrom('alarms')
      .select('alarms.id')
      .where(inScope(scope))
      .where('alarms.alarm_key', '=', alarmKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function filesOf(scope: AlarmScope, alarmKey: string) {
    return (await visible(scope, alarmKey)) ? completeFiles(db, scope.companyId, alarmKey) : [];
  }

  return async (app) => {
    app.post(
      '/device/alarm/file/list',
      { schema: { body: AlarmFileListBody }, config: { access: ALARM_ACCESS.view } },
      async (request) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        return ok(await filesOf(scope, request.body.alarm_key));
      },
    );

    app.get(
      '/device/alarm/file',
      { schema: { querystring: AlarmFileQuery }, config: { access: ALARM_ACCESS.view } },
      async (request, reply) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        const row = await completeFileAt(db, scope.companyId, request.query.relative_path);
        if (!row || !(await visible(scope, row.alarm_key))) throw new ApiError(ErrorCode.recordMissing);
        return sendFile(reply, row, request.headers.range);
      },
    );

    app.get(
      '/device/alarm/file/zip',
      { schema: { querystring: AlarmZipQuery }, config: { access: ALARM_ACCESS.export } },
      async (request, reply) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        const key = request.query.alarm_key;
        const files = await filesOf(scope, key);
        const store = deps.evidence;
        if (files.length === 0 || !store) throw new ApiError(ErrorCode.recordMissing);
        const zip = new yazl.ZipFile();
        for (const f of files) {
          // Pictures and H.264 are compressed already: stored, not deflated.
          zip.addReadStream(store.read(f.relative_path), basename(f.relative_path), { compress: false });
        }
        zip.end();
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${safeSegment(key)}.zip"`)
          .header('cache-control', 'no-store')
          .send(zip.outputStream);
      },
    );

    app.post(
      '/device/alarm/file/upload',
      { schema: { body: AlarmUploadBody }, config: { access: ALARM_ACCESS.edit } },
      async (request) => {
        const scope = await alarmScopeOf(db, sessionOf(request));
        const alarm = await alarmApiDb(db)
          .selectFrom('alarms')
          .select([
            'alarms.id',
            'alarms.alarm_key',
            'alarms.attached',
            'alarms.attached_count',
            'alarms.terminal_phone',
          ])
          .where(inScope(scope))
          .where('alarms.id', '=', request.body.id)
          .executeTakeFirst();
        if (!alarm) throw new ApiError(ErrorCode.recordMissing);
        const rows = await alarmFileRows(db, scope.companyId, alarm.alarm_key);
        const missing = Math.max(0, alarm.attached_count - rows.filter((r) => r.complete === 1).length);
        if (missing === 0) return ok<AlarmUploadResult>({ state: 'complete', missing: 0 });
        const ident = identOfAlarm(alarm);
        if (!ident) throw parameterError('id', 'the alarm has no identification to ask the terminal by');
        // Only this node's terminals: reaching a session on another gateway node is the commands issue's.
        const requester = app.evidenceRequester;
        if (!requester) throw new ApiError(ErrorCode.processing, null, 'no gateway on this node');
        await requester.request(alarm.terminal_phone, Number(alarm.id), ident);
        return ok<AlarmUploadResult>({ state: 'requested', missing });
      },
    );
  };

  async function sendFile(reply: FastifyReply, row: AlarmFileRecord, rangeHeader: string | undefined) {
    const store = deps.evidence;
    const stat = store ? await store.stat(row.relative_path) : undefined;
    if (!store || !stat) throw new ApiError(ErrorCode.recordMissing);
    const size = stat.size;
    reply
      .header('content-type', contentTypeOf(row.file_name))
      .header('accept-ranges', 'bytes')
      .header('content-disposition', `inline; filename="${basename(row.relative_path)}"`)
      // A complete file never changes (a re-upload lands under the same bytes).
      .header('cache-control', 'private, max-age=86400');
    const range = parseRange(rangeHeader, size);
    if (range === 'invalid') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    if (range) {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(store.read(row.relative_path, range));
    }
    return reply.header('content-length', size).send(store.read(row.relative_path));
  }
}
