/**
 * Command round trip (issue 13, docs/performance.md "Commands"): how long a parameter query (0x8104 → 0x0104) takes
 * from the caller's CommandRouter to a real TCP terminal and back, and how many a second go through, on one process
 * and across two nodes (node A api only, node B gateway) over NATS on one PostgreSQL database — the path a console's
 * /jtt1078/param/qry takes. The terminals answer at once, so the figures are the platform's own cost.
 *
 *   node --import tsx bench/command-roundtrip.ts [--terminals 200] [--commands 5000] [--concurrency 50]
 *
 * Prints one JSON object: per path p50/p95/p99/max in ms and commands/s.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { commandsModule } from '../packages/server/src/commands/module.ts';
import type { CommandRouter } from '../packages/server/src/commands/router.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { gatewayModule } from '../packages/server/src/gateway/module.ts';
import { seedDevices } from '../packages/server/src/gateway/testing/fixture.ts';
import { TestTerminal } from '../packages/server/src/gateway/testing/terminal.ts';
import { NATS_TEST_URL } from '../packages/server/src/live/testing/nats.ts';
import { type RunningPlatform, startPlatform } from '../packages/server/src/platform.ts';
import { createBenchDatabase } from './support/database.ts';
import { quantile } from './support/measure.ts';

const { values } = parseArgs({
  options: {
    terminals: { type: 'string', default: '200' },
    commands: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '50' },
  },
});
const TERMINALS = Number(values.terminals);
const COMMANDS = Number(values.commands);
const CONCURRENCY = Number(values.concurrency);

async function run(router: CommandRouter, phones: string[]) {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COMMANDS) {
        const phone = phones[next++ % phones.length] as string;
        const t0 = performance.now();
        const reply = await router.send(phone, { msgId: 0x8104, body: {} });
        if (reply.msgId !== 0x0104) throw new Error(`unexpected reply 0x${reply.msgId.toString(16)}`);
        samples.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  const ms = (q: number) => Number(quantile(samples, q).toFixed(2));
  return {
    commands: samples.length,
    perSecond: Math.round(samples.length / seconds),
    p50: ms(0.5),
    p95: ms(0.95),
    p99: ms(0.99),
    max: Number((samples.at(-1) ?? 0).toFixed(2)),
  };
}

const database = await createBenchDatabase('postgres');
const nodes: RunningPlatform[] = [];
const terminals: TestTerminal[] = [];
try {
  const env = (extra: Record<string, string>) =>
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.location,
      HEADWAY_DATA_DIR: '/nonexistent-unused',
      HEADWAY_NATS_URL: NATS_TEST_URL,
      HEADWAY_NATS_SUBJECT: `headway.bench${process.pid}`,
      HEADWAY_DEMO: '0',
      LOG_LEVEL: 'silent',
      ...extra,
    });
  const logger = pino({ level: 'silent' });
  const modules = () => [
    gatewayModule({ host: '127.0.0.1', port: 0, mediaPort: 0, attachmentPort: 0 }),
    commandsModule(),
  ];
  // B first: it migrates the fresh database.
  const nodeB = await startPlatform(env({ HEADWAY_ROLES: 'gateway', HEADWAY_NODE_ID: 'bench-b' }), modules(), logger);
  nodes.push(nodeB);
  const nodeA = await startPlatform(env({ HEADWAY_ROLES: 'api', HEADWAY_NODE_ID: 'bench-a' }), modules(), logger);
  nodes.push(nodeA);
  const phones = Array.from({ length: TERMINALS }, (_, i) => `0139${String(i).padStart(8, '0')}`);
  await seedDevices(nodeB.store, phones);
  const port = nodeB.app.gateway?.ports.jt808 ?? 0;
  for (const phone of phones) {
    const t = await TestTerminal.connect(port, phone);
    const { token } = await t.register();
    if ((await t.authenticate(token ?? '')) !== 0) throw new Error(`${phone} did not authenticate`);
    t.onMessage = (m) => {
      if (m.msgId !== 0x8104) return;
      t.send({
        msgId: 0x0104,
        body: {
          replyFlowId: m.header.flowId,
          paramCount: 3,
          params: [
            { id: 0x0001, value: 30 },
            { id: 0x0029, value: 10 },
            { id: 0x0013, value: '10.0.0.7' },
          ],
        },
      });
    };
    terminals.push(t);
  }
  const routerA = nodeA.app.commandRouter;
  const routerB = nodeB.app.commandRouter;
  if (!routerA || !routerB) throw new Error('no command router');
  // Until A sees every terminal online (presence is written asynchronously).
  for (const phone of phones) while (!(await routerA.isOnline(phone))) await new Promise((r) => setTimeout(r, 20));
  await run(routerB, phones); // warm-up
  const local = await run(routerB, phones);
  const acrossNats = await run(routerA, phones);
  console.log(
    JSON.stringify(
      {
        terminals: TERMINALS,
        concurrency: CONCURRENCY,
        load: loadavg().map((l) => Number(l.toFixed(2))),
        local,
        acrossNats,
      },
      null,
      2,
    ),
  );
} finally {
  for (const t of terminals) t.close();
  for (const node of nodes.reverse()) await node.stop();
  await database.drop();
}
