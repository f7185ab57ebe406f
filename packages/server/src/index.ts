// The server package's public surface for other workspaces (simulator, e2e, bench).
export { type AppOptions, buildApp } from './app.ts';
export type { AuthPolicy } from './auth/policy.ts';
export { bodyDigest, sign, stringToSign } from './auth/signature.ts';
export { loadConfig, type PlatformConfig } from './config.ts';
export { type DemoSeeder, registerDemoSeeder } from './demo/lines.ts';
export { DEFAULT_DEMO_PASSWORD, seedDemo } from './demo/seed.ts';
export { ApiError, ErrorCode } from './kernel/errors.ts';
export { type Clock, ManualClock } from './kernel/time.ts';
export { type PlatformContext, type PlatformModule, type RunningPlatform, startPlatform } from './platform.ts';
export { runPlatform } from './run.ts';
export { openStore, type Store } from './store/db.ts';
export { migrateToLatest } from './store/migrate.ts';
