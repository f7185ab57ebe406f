import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from './events.ts';
import { NatsLiveBus } from './nats-bus.ts';
import type { RealData } from './real-data.ts';
import { NATS_TEST_URL, requireNats } from './testing/nats.ts';
import { sleep } from './testing/stomp-client.ts';

// Two nodes' buses on the real NATS server: what one publishes the other receives, once, and whole.

const logger = pino({ level: 'silent' });

function vehicle(i: number, et: number): RealData {
  return {
    imei: `86${String(i).padStart(13, '0')}`,
    lat: 22.5 + i * 1e-5,
    lng: 114.05 + i * 1e-5,
    v: 31.5,
    a: 270,
    s: 0b110011,
    w: 0,
    et,
    rt: et + 1,
    att: { sat: 12, gsm: 25, max_km: 123456.7 },
    route: { code: `L${i % 40}`, dir: 1, sn: 7, at: et - 30, dt: et - 20, dist: 1234 },
  };
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await sleep(10);
}

describe('NatsLiveBus', () => {
  let prefix: string;
  let a: NatsLiveBus;
  let b: NatsLiveBus;
  const atA: LiveMessage[] = [];
  const atB: LiveMessage[] = [];

  beforeAll(async () => {
    prefix = await requireNats();
    a = await NatsLiveBus.connect({ servers: NATS_TEST_URL, subjectPrefix: prefix, logger, name: 'node-a' });
    b = await NatsLiveBus.connect({ servers: NATS_TEST_URL, subjectPrefix: prefix, logger, name: 'node-b' });
    a.subscribe((m) => atA.push(m));
    b.subscribe((m) => atB.push(m));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers locally at once and to the other node once, without echo to itself', async () => {
    atA.length = 0;
    atB.length = 0;
    a.publish({ companyId: 7, event: { cmd: 'plan', data: { id: 1 } } });
    // Local delivery is synchronous.
    expect(atA).toEqual([{ companyId: 7, event: { cmd: 'plan', data: { id: 1 } } }]);
    await until(() => atB.length > 0);
    expect(atB).toEqual([{ companyId: 7, event: { cmd: 'plan', data: { id: 1 } } }]);
    a.publish({ companyId: 7, userId: 3, event: { cmd: 'msg', data: 'hello' } });
    await until(() => atB.length > 1);
    await sleep(200);
    expect(atB[1]).toEqual({ companyId: 7, userId: 3, event: { cmd: 'msg', data: 'hello' } });
    // noEcho: A got only its two local deliveries, never its own messages back from NATS.
    expect(atA).toHaveLength(2);
    expect(atB).toHaveLength(2);
  });

  it('splits a 20,000-vehicle gps batch under max_payload and loses nothing', async () => {
    atB.length = 0;
    const et = 1_763_780_000;
    const data = Array.from({ length: 20_000 }, (_, i) => vehicle(i, et));
    const message: LiveMessage = { companyId: 9, event: { cmd: 'gps', data } };
    expect(JSON.stringify(message).length).toBeGreaterThan(a.maxPayload);

    const chunks = a.encode(message);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(a.maxPayload);

    a.publish(message);
    await until(() => atB.reduce((n, m) => n + (m.event.data as RealData[]).length, 0) >= data.length);
    expect(atB.length).toBe(chunks.length);
    const received = atB.flatMap((m) => {
      expect(m.companyId).toBe(9);
      expect(m.event.cmd).toBe('gps');
      return m.event.data as RealData[];
    });
    expect(received).toHaveLength(20_000);
    expect(received).toEqual(data);
  });

  it('ignores what is not a live message on its subjects', async () => {
    atB.length = 0;
    const rejected = b.stats.rejected;
    const { connect } = await import('nats');
    const stranger = await connect({ servers: NATS_TEST_URL });
    stranger.publish(`${prefix}.7`, new TextEncoder().encode('not json'));
    stranger.publish(`${prefix}.7`, new TextEncoder().encode('{"hello":1}'));
    await stranger.flush();
    await stranger.close();
    await until(() => b.stats.rejected >= rejected + 2);
    expect(b.stats.rejected).toBe(rejected + 2);
    expect(atB).toEqual([]);
  });

  it('fails at once with a clear message when NATS is unreachable', async () => {
    await expect(NatsLiveBus.connect({ servers: 'nats://127.0.0.1:1', subjectPrefix: prefix, logger })).rejects.toThrow(
      /cannot connect to NATS at nats:\/\/127\.0\.0\.1:1/,
    );
  });
});
