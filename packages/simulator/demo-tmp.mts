import { openStore } from '@headway/server';
import { startDemoFleet } from './src/fleet/demo.ts';
import { StatsLine } from './src/fleet/display.ts';
const store = openStore({ engine: 'sqlite', file: '/tmp/hwdata/headway.db' });
const demo = await startDemoFleet({ db: store.db, port: 27611, interval: 5, log: console.log, truthFile: '/tmp/demo-truth.jsonl' });
const line = new StatsLine(demo.fleet.stats, demo.vehicles);
const t = setInterval(() => console.log(line.line()), 5000);
setTimeout(async () => { clearInterval(t); await demo.stop(); await store.close(); console.log('stopped'); process.exit(0); }, 30000);
