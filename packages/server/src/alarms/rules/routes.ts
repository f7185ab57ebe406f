import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../auth/access.ts';
import { AlarmRulesBody, type AlarmRulesResult, AlarmRulesVehicleQuery, SpeedLimitBody } from '../../contract/index.ts';
import type {} from '../../ingest/module.ts';
import { ok } from '../../kernel/envelope.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { Services } from '../../services.ts';
import { ALARM_TYPE_SCREEN } from '../api/access.ts';
import type { AlarmRules } from '../detection/rules.ts';
import { companyRules, lineLimits, saveCompanyRules, setSpeedLimit, vehicleLimits } from './queries.ts';
import { jsonNumbersOnly } from './strict-numbers.ts';

// /basic/alarm/rules and /basic/alarm/speed-limit (docs/api.md "Alarms", docs/alarms.md "Rules"): the thresholds
// of the platform's own alarms and the speed limits of lines and vehicles, on the Basic → Alarm types screen
// (view to read, edit to change). Company-wide like the rules themselves: a console's line scope does not apply.

// The contract's body is the detector's rule set, field for field: a rule added to one must reach the other.
true satisfies SameType<AlarmRulesBody, AlarmRules>;
type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const screen = ALARM_TYPE_SCREEN;

/**
 * The ingest of this process reads the change now, so the next report is judged by it. An ingest on another node
 * (HEADWAY_ROLES) has none here and picks it up with its periodic directory refresh (every 30 s).
 */
async function refreshIngest(app: FastifyInstance): Promise<void> {
  await app.ingest?.refreshDirectory();
}

export function alarmRuleRoutes(services: Services): FastifyPluginAsyncTypebox {
  const { db } = services;

  async function rulesOf(companyId: number): Promise<AlarmRules> {
    const rules = await companyRules(db, companyId);
    if (!rules) throw new ApiError(ErrorCode.recordMissing);
    return rules;
  }

  return async (app) => {
    app.get('/basic/alarm/rules', { config: { access: { screen, need: 'view' } } }, async (request) => {
      const { companyId } = sessionOf(request);
      const [rules, lines, vehicles] = await Promise.all([
        rulesOf(companyId),
        lineLimits(db, companyId),
        vehicleLimits(db, companyId, { limited: true }),
      ]);
      const result: AlarmRulesResult = { rules, lines, vehicles };
      return ok(result);
    });

    app.get(
      '/basic/alarm/rules/vehicles',
      { schema: { querystring: AlarmRulesVehicleQuery }, config: { access: { screen, need: 'view' } } },
      async (request) => {
        const { companyId } = sessionOf(request);
        return ok(await vehicleLimits(db, companyId, { search: request.query.search ?? '' }));
      },
    );

    app.put(
      '/basic/alarm/rules',
      {
        schema: { body: AlarmRulesBody },
        config: { access: { screen, need: 'edit' } },
        preValidation: jsonNumbersOnly(Object.keys(AlarmRulesBody.properties)),
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { over_speed_kmh, over_speed_seconds, offline_minutes, parking_minutes, depot_radius_m } = request.body;
        const rules: AlarmRules = {
          over_speed_kmh,
          over_speed_seconds,
          offline_minutes,
          parking_minutes,
          depot_radius_m,
        };
        if (!(await saveCompanyRules(db, companyId, rules))) throw new ApiError(ErrorCode.recordMissing);
        await refreshIngest(request.server);
        return ok(await rulesOf(companyId));
      },
    );

    app.put(
      '/basic/alarm/speed-limit',
      {
        schema: { body: SpeedLimitBody },
        config: { access: { screen, need: 'edit' } },
        preValidation: jsonNumbersOnly(['id', 'speed_limit'], ['speed_limit']),
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const { kind, id, speed_limit } = request.body;
        // Another company's line or vehicle is as missing as one that never existed (1008), like every other id.
        if (!(await setSpeedLimit(db, companyId, kind, id, speed_limit))) throw new ApiError(ErrorCode.recordMissing);
        await refreshIngest(request.server);
        const [row] =
          kind === 'line' ? await lineLimits(db, companyId, id) : await vehicleLimits(db, companyId, { carId: id });
        return ok(row ?? null);
      },
    );
  };
}
