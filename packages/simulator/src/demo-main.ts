import { runPlatform } from '@headway/server';
import { demoFleetModule } from './fleet/module.ts';

// `npm start`'s process: the whole platform with the demo fleet of virtual terminals driving beside it, so the
// console shows moving buses at once. The fleet lives in the simulator package (which depends on the server),
// not the other way round, so the server never depends on its own load generator.
await runPlatform([demoFleetModule()]);
