import type { PlatformModule } from './platform.ts';

/**
 * Modules started beside the HTTP API by `npm start`. The device gateway (src/gateway/, TCP 7611) and
 * later the simulator add themselves here, e.g. `import { gatewayModule } from './gateway/module.ts'`.
 */
export const PLATFORM_MODULES: PlatformModule[] = [];
