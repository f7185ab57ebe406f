import { fileURLToPath } from 'node:url';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { type AlarmApiOptions, alarmApiRoutes } from './alarms/api/index.ts';
import { type EvidenceStore, evidenceRoutes } from './alarms/evidence/index.ts';
import { type AlarmExportOptions, alarmExportRoutes } from './alarms/export/routes.ts';
import { AlarmHub } from './alarms/hub.ts';
import { alarmRuleRoutes } from './alarms/rules/routes.ts';
import { mountApiRoutes } from './api-routes.ts';
import { type AuthPolicy, DEFAULT_AUTH_POLICY } from './auth/policy.ts';
import { createLoginLimiter } from './auth/rate-limit.ts';
import { authRoutes } from './auth/routes.ts';
import { type WechatProvider, WechatTickets } from './auth/wechat.ts';
import { commandRoutes } from './commands/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import { consoleRoutes } from './consoles/routes.ts';
import { departureRoutes } from './departures/routes.ts';
import { fleetRoutes } from './fleet/index.ts';
import {
  buildGeocoder,
  DEFAULT_GEOCODING,
  type Geocoder,
  type GeocodingConfig,
  geocodingRoutes,
} from './geocoding/index.ts';
import { installErrorEdge } from './kernel/edge.ts';
import { installNumericInputGuard } from './kernel/numeric-input.ts';
import { installRawBodyParsers } from './kernel/raw-body.ts';
import { type Clock, systemClock } from './kernel/time.ts';
import { cachedValidators } from './kernel/validator-cache.ts';
import { lineMapRoutes } from './line-map/routes.ts';
import { basicLineRoutes } from './lines/basic/index.ts';
import { gtfsExportRoutes } from './lines/gtfs-export/routes.ts';
import { gtfsImportRoutes } from './lines/gtfs-import/routes.ts';
import { menuRoutes } from './menu/routes.ts';
import { onlineRoutes } from './online/routes.ts';
import { organisationDataRoutes } from './organisation/routes.ts';
import { passengerRoutes } from './passengers/routes.ts';
import { regionImportRoutes } from './regions/import-routes.ts';
import { regionRoutes } from './regions/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import type { Services } from './services.ts';
import type { Database } from './store/schema.ts';
import type { TrackQueryOptions } from './tracks/options.ts';
import { trackRoutes } from './tracks/routes.ts';
import { type UploadStore, uploadFileRoutes, uploadRoutes } from './uploads/index.ts';
import { profileRoutes } from './users/profile-routes.ts';
import { userRoutes } from './users/routes.ts';
import type { LatestFeed } from './vehicles/live-source.ts';
import { vehicleRoutes } from './vehicles/routes.ts';
import { videoRoutes } from './video/routes.ts';
import { installConsole } from './web/console.ts';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppOptions {
  db: Kysely<Database>;
  /** Injectable so tests can expire tokens and move past lockouts without waiting. */
  clock?: Clock;
  auth?: Partial<AuthPolicy>;
  /** WeChat code exchange; null disables GET /login/wechat (1111). */
  wechatProvider?: WechatProvider | null;
  /** The built console; defaults to packages/web/dist. */
  webDist?: string;
  /** Largest accepted request body in bytes (413 + 1009 beyond). */
  bodyLimit?: number;
  /** A pino logger; silent when absent (tests). */
  logger?: FastifyBaseLogger;
  /** Company whose title and logo dress the login page; defaults to the first company. */
  defaultCompanyId?: number;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy?: boolean;
  /** Latest live positions for the map API; defaults to the live module's (app.live), mounted after the API. */
  liveFeed?: () => LatestFeed | undefined;
  /** The address resolver's place list and Nominatim service (HEADWAY_GEOCODER_*); own stops and lines only when absent. */
  geocoding?: Partial<GeocodingConfig>;
  /**
   * REST API and console (default). False for a node without the api role (HEADWAY_ROLES): the app then only
   * carries what modules add (the gateway's metrics route), checked against sessions in the shared store.
   */
  api?: boolean;
  /** The alarm API's live-list window and size (alarms/api/options.ts). */
  alarms?: Partial<AlarmApiOptions>;
  /** POST /device/alarm/export's row cap (tests lower it). */
  alarmExport?: Partial<AlarmExportOptions>;
  /** Alarm evidence files (`HEADWAY_DATA_DIR/evidence` under `npm start`); downloads answer 1008 without. */
  evidence?: EvidenceStore;
  /** POST /device/position's row cap over HEADWAY_TRACK_MAX_ROWS (tests lower it). */
  tracks?: Partial<TrackQueryOptions>;
  /** Uploaded pictures (`HEADWAY_DATA_DIR/uploads` under `npm start`); POST /upload answers 1008 without. */
  uploads?: UploadStore;
}

/** Feature route sets, mounted under every API base (mountApiRoutes). Later issues add their plugin here. */
function apiRoutes(services: Services, options: AppOptions, geocoder: Geocoder): FastifyPluginAsync {
  return async (api) => {
    await api.register(companyRoutes(services, options.defaultCompanyId));
    await api.register(authRoutes(services));
    await api.register(menuRoutes);
    await api.register(profileRoutes(services));
    await api.register(userRoutes(services));
    await api.register(onlineRoutes(services));
    await api.register(roleRoutes(services));
    await api.register(consoleRoutes(services));
    await api.register(vehicleRoutes({ ...services, ...(options.liveFeed ? { feed: options.liveFeed } : {}) }));
    // Station events stored by whichever node ingests; the API node serves them (docs/ingest.md "Search").
    await api.register(departureRoutes(services));
    await api.register(geocodingRoutes({ db: services.db, geocoder }));
    await api.register(alarmExportRoutes(services, options.alarmExport));
    await api.register(alarmApiRoutes(services, options.alarms));
    await api.register(alarmRuleRoutes(services));
    await api.register(evidenceRoutes({ ...services, ...(options.evidence ? { evidence: options.evidence } : {}) }));
    await api.register(trackRoutes(services, options.tracks));
    await api.register(passengerRoutes(services));
    await api.register(lineMapRoutes(services));
    await api.register(commandRoutes(services));
    await api.register(regionRoutes(services));
    await api.register(videoRoutes(services));
    await api.register(fleetRoutes(services));
    // Basic data: lines, directions, stations, bus stops (issue 14).
    await api.register(basicLineRoutes(services));
    // Issue 14: organisation, companies, fleets, staff, IC cards, display info.
    await api.register(organisationDataRoutes(services));
    await api.register(gtfsExportRoutes(services));
    await api.register(gtfsImportRoutes(services));
    await api.register(regionImportRoutes(services));
    await api.register(uploadRoutes(options.uploads));
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const policy: AuthPolicy = { ...DEFAULT_AUTH_POLICY, ...options.auth };
  const services: Services = {
    db: options.db,
    clock,
    policy,
    // Shared through the database on PostgreSQL (every API node counts the same attempts), in memory on SQLite.
    loginLimiter: await createLoginLimiter(options.db, policy.loginAttemptsPerMinute),
    wechat: {
      provider: options.wechatProvider ?? null,
      tickets: new WechatTickets(clock, policy.wechatTicketSeconds * 1000, policy.wechatBindWindowSeconds * 1000),
    },
  };

  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // The signature covers the path exactly as sent, so the router must not rewrite it.
    routerOptions: { ignoreTrailingSlash: false },
    // Each schema compiled once per process, not once per API base and server (kernel/validator-cache.ts).
    schemaController: { compilersFactory: { buildValidator: cachedValidators } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installRawBodyParsers(app);
  installErrorEdge(app);
  installNumericInputGuard(app);
  app.decorate('services', services);
  // New alarms' listeners (evidence, mail, …) subscribe here; the ingest's alarm writer emits (docs/alarms.md).
  app.decorate('alarms', new AlarmHub((error) => app.log.error({ err: error }, 'alarm listener failed')));
  if (options.api ?? true) {
    // Built once here rather than per API base: /api and /prod-api share one index and one cache.
    const geocoder = await buildGeocoder(services, { ...DEFAULT_GEOCODING, ...options.geocoding }, app.log);
    await mountApiRoutes(app, apiRoutes(services, options, geocoder));
    if (options.uploads) await app.register(uploadFileRoutes(options.uploads));
    await installConsole(app, options.webDist ?? DEFAULT_WEB_DIST);
  }
  return app;
}
