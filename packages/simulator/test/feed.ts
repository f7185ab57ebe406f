import { existsSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const SHARED = join(here, '../../../../shared/data/gtfs/mta-staten-island-8-routes.zip');
/** The shared feed when ../shared is beside the repo, else the server's project copy. */
export const FEED = existsSync(SHARED) ? SHARED : join(here, '../../server/demo-data/mta-staten-island-8-routes.zip');
