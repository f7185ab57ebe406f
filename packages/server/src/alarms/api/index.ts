import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services.ts';
import { alarmDeviceRoutes } from './device-routes.ts';
import { type AlarmApiOptions, DEFAULT_ALARM_API } from './options.ts';
import { alarmPlatformRoutes } from './platform-routes.ts';
import { alarmPreferenceRoutes } from './preference-routes.ts';

// The alarm REST API (docs/api.md "Alarms"): /device/alarm (live list, details, read handling),
// /owner/user/alarm (notice preferences), /basic/alarm/platform (the catalogue and the company's own types).
// Evidence files and the xlsx export mount their own routes (alarms/evidence, alarms/export).

export { ALARM_ACCESS, ALARM_TYPE_SCREEN, SAFETY_SCREEN } from './access.ts';
export { checkDetailRange, detailQuery, fileCounts } from './details.ts';
export type { AlarmApiOptions } from './options.ts';
export { preferencesOf } from './preferences.ts';
export { type AlarmScope, alarmScopeOf, inScope } from './scope.ts';

export function alarmApiRoutes(services: Services, options: Partial<AlarmApiOptions> = {}): FastifyPluginAsync {
  const settings = { ...DEFAULT_ALARM_API, ...options };
  return async (api) => {
    await api.register(alarmDeviceRoutes(services, settings));
    await api.register(alarmPreferenceRoutes(services));
    await api.register(alarmPlatformRoutes(services));
  };
}
