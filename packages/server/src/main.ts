import { runPlatform } from './run.ts';

// `node --import tsx packages/server/src/main.ts`: the platform alone (gateway, live channel, API, console).
// `npm start` runs packages/simulator/src/demo-main.ts instead, which adds the demo fleet.
await runPlatform();
