import { busFix } from '../../packages/server/src/gateway/testing/fixture.ts';
import { TestTerminal } from '../../packages/server/src/gateway/testing/terminal.ts';
import { HeadwayClient } from '../../packages/server/test/helpers/client.ts';

const term = await TestTerminal.connect(17611, '139202600001');
const reg = await term.register();
console.log('register', reg.result, 'auth', await term.authenticate(reg.token ?? ''));
const f = term.send({ msgId: 0x0200, body: busFix(Math.floor(Date.now() / 1000)) });
console.log('ack', (await term.ackOf(f)).body);
const c = new HeadwayClient('http://127.0.0.1:18089');
const pw = process.env.PW ?? '';
console.log('login', (await c.login('admin', pw)).code);
const m = await c.get<any>('/admin/gateway/metrics');
console.log(
  m.code,
  JSON.stringify({
    terminals: m.result?.terminals,
    framesIn: m.result?.framesIn,
    stored: m.result?.ingest?.positionsStored,
  }),
);
term.close();
