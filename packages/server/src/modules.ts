// Registers the demo company's transit data (GTFS lines, vehicles, devices, crews) with the demo seed seam.
import './lines/demo-register.ts';
import './regions/demo-register.ts';
import './fleet/demo-register.ts';
import { alarmMailModule } from './alarms/mail/module.ts';
import { commandsModule } from './commands/module.ts';
import { gatewayModule } from './gateway/module.ts';
import { ingestModule } from './ingest/module.ts';
import { liveModule } from './live/module.ts';
import type { PlatformModule } from './platform.ts';
import { trackStorageModule } from './tracks/module.ts';
import { videoModule } from './video/module.ts';

/**
 * Modules started beside the HTTP API by `npm start`. The device gateway (src/gateway/, TCP 7611) and
 * later the simulator add themselves here, e.g. `import { gatewayModule } from './gateway/module.ts'`.
 */
export const PLATFORM_MODULES: PlatformModule[] = [
  gatewayModule(),
  commandsModule(),
  liveModule,
  ingestModule(),
  alarmMailModule(),
  trackStorageModule(),
  videoModule(),
];
