import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CUSTOM_ALARM_GROUP, isBuiltInAlarm } from '@headway/spec';
import { Type } from 'typebox';
import { sessionOf } from '../../auth/access.ts';
import { CreatePlatformAlarmBody, PlatformAlarmValidatorQuery, UpdatePlatformAlarmBody } from '../../contract/index.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import { pickLanguage } from '../../kernel/language.ts';
import { epochSeconds } from '../../kernel/time.ts';
import type { Services } from '../../services.ts';
import { ALARM_TYPE_SCREEN } from './access.ts';
import { alarmNameTaken, customType, nameKey, nextCustomCode, platformAlarmTypes } from './platform-types.ts';
import { alarmApiDb } from './scope.ts';

// /basic/alarm/platform: the alarm catalogue (built-in types from @headway/spec in the caller's language, then
// the company's own) and the company's own types in group 200. A type is addressed by its code; built-in ones
// cannot change (1004 with rule 'built-in'). Reading the catalogue is open to every signed-in user: every alarm
// dialog names types with it, whoever may edit the Alarm types screen.

const screen = ALARM_TYPE_SCREEN;

const ListQuery = Type.Object({ group_id: Type.Optional(Type.Integer({ minimum: 0 })) });
const CodeParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** What a failed insert or update looked like when a unique constraint refused it (PostgreSQL 23505, SQLite). */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

function builtIn(): ApiError {
  return new ApiError(ErrorCode.parameter, {
    field: 'id',
    reason: 'built-in alarm types cannot be changed or deleted',
    rule: 'built-in',
  });
}

function nameTaken(): ApiError {
  return new ApiError(ErrorCode.parameter, { field: 'alarm_name', reason: 'name taken', rule: 'taken' });
}

export function alarmPlatformRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db, clock } = services;

  async function freeName(companyId: number, name: string, exceptCode?: number): Promise<void> {
    if (!name.trim()) throw new ApiError(ErrorCode.parameter, { field: 'alarm_name', reason: 'empty' });
    if (await alarmNameTaken(db, companyId, name, exceptCode)) throw nameTaken();
  }

  /** The company's own type with this code; a built-in code → 1004, an unknown one → 1008. */
  async function ownType(companyId: number, code: number) {
    if (isBuiltInAlarm(code)) throw builtIn();
    const found = await customType(db, companyId, code);
    if (!found) throw new ApiError(ErrorCode.recordMissing);
    return found;
  }

  return async (app) => {
    app.get(
      '/basic/alarm/platform',
      { schema: { querystring: ListQuery }, config: { access: 'session' } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const language = pickLanguage(request.headers['accept-language']);
        const rows = await platformAlarmTypes(db, companyId, language, request.query.group_id);
        return ok({ total: rows.length, rows });
      },
    );

    app.get(
      '/basic/alarm/platform/validator',
      { schema: { querystring: PlatformAlarmValidatorQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        await freeName(companyId, request.query.alarm_name, request.query.id);
        return ok(true);
      },
    );

    app.post(
      '/basic/alarm/platform',
      { schema: { body: CreatePlatformAlarmBody }, config: { access: { screen, need: 'add' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const body = request.body;
        await freeName(companyId, body.alarm_name);
        // Two administrators adding at once may draw the same code: the unique key refuses one, which retries.
        for (let attempt = 0; ; attempt++) {
          const code = await nextCustomCode(db, companyId);
          try {
            await alarmApiDb(db)
              .insertInto('custom_alarm_types')
              .values({
                company_id: companyId,
                platform_alarm_id: code,
                group_id: CUSTOM_ALARM_GROUP,
                alarm_name: body.alarm_name.trim(),
                name_key: nameKey(body.alarm_name),
                alarm_level: body.alarm_level ?? 1,
                remark: body.remark?.trim() ?? '',
                created_at: epochSeconds(clock),
              })
              .execute();
            return ok(await ownType(companyId, code));
          } catch (error) {
            if (!isUniqueViolation(error) || attempt >= 3) throw error;
            if (await alarmNameTaken(db, companyId, body.alarm_name)) throw nameTaken();
          }
        }
      },
    );

    app.put(
      '/basic/alarm/platform',
      { schema: { body: UpdatePlatformAlarmBody }, config: { access: { screen, need: 'edit' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const body = request.body;
        await ownType(companyId, body.id);
        await freeName(companyId, body.alarm_name, body.id);
        try {
          await alarmApiDb(db)
            .updateTable('custom_alarm_types')
            .set({
              alarm_name: body.alarm_name.trim(),
              name_key: nameKey(body.alarm_name),
              ...(body.alarm_level !== undefined ? { alarm_level: body.alarm_level } : {}),
              ...(body.remark !== undefined ? { remark: body.remark.trim() } : {}),
            })
            .where('company_id', '=', companyId)
            .where('platform_alarm_id', '=', body.id)
            .execute();
        } catch (error) {
          if (isUniqueViolation(error)) throw nameTaken();
          throw error;
        }
        return ok(await ownType(companyId, body.id));
      },
    );

    // Alarms already raised keep their code (and show it bare once the name is gone); nextCustomCode never hands a
    // code stored alarms still carry to a new type.
    app.delete(
      '/basic/alarm/platform/:id',
      { schema: { params: CodeParams }, config: { access: { screen, need: 'delete' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        const code = request.params.id;
        await ownType(companyId, code);
        await alarmApiDb(db)
          .transaction()
          .execute(async (trx) => {
            await trx
              .deleteFrom('custom_alarm_types')
              .where('company_id', '=', companyId)
              .where('platform_alarm_id', '=', code)
              .execute();
            await trx
              .deleteFrom('user_alarm_prefs')
              .where('company_id', '=', companyId)
              .where('platform_alarm_id', '=', code)
              .execute();
          });
        return ok(null);
      },
    );
  };
}
