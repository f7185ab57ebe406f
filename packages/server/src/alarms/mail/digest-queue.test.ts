import { describe, expect, it } from 'vitest';
import { type Digest, type DigestPolicy, DigestQueue, type Timers } from './digest-queue.ts';

// The batching rules on a hand-driven clock: when a recipient's digest goes out, what it holds, the hourly cap and
// the single retry. The SMTP side is in mail.test.ts.

class ManualTimers implements Timers {
  private at = 0;
  private queue: { due: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now(): number {
    return this.at;
  }
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.queue.push({ due: this.at + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.queue = this.queue.filter((t) => t.id !== handle);
  }
  /** Moves time forward, running each timer at its moment, and lets the promises it starts settle. */
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      const next = this.queue.filter((t) => t.due <= end).sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next) break;
      this.queue = this.queue.filter((t) => t !== next);
      this.at = next.due;
      next.run();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.at = end;
  }
}

const POLICY: DigestPolicy = {
  windowMs: 60_000,
  firstDelayMs: 5_000,
  maxPerHour: 3,
  maxRows: 2,
  retryDelayMs: 120_000,
};

function setup(failures = 0) {
  const timers = new ManualTimers();
  const sent: { at: number; digest: Digest<number> }[] = [];
  const errors: boolean[] = [];
  let failing = failures;
  const queue = new DigestQueue<number>(
    POLICY,
    {
      kindOf: (n) => n % 2,
      async deliver(digest) {
        if (failing > 0) {
          failing -= 1;
          throw new Error('451 try later');
        }
        sent.push({ at: timers.now(), digest });
      },
      onError: (_error, _digest, final) => errors.push(final),
    },
    timers,
  );
  return { timers, sent, errors, queue };
}

describe('mail digest queue', () => {
  it('sends the first alarm after quiet a few seconds later, with what arrived meanwhile', async () => {
    const { timers, sent, queue } = setup();
    queue.add('u1', 1);
    await timers.advance(4_000);
    queue.add('u1', 2);
    queue.add('u1', 3);
    expect(sent).toHaveLength(0);
    await timers.advance(1_000);
    expect(sent).toHaveLength(1);
    // Two rows listed (maxRows), three counted, by kind.
    expect(sent[0]?.digest).toEqual({
      key: 'u1',
      items: [1, 2],
      total: 3,
      kinds: new Map([
        [1, 2],
        [0, 1],
      ]),
    });
    expect(sent[0]?.at).toBe(5_000);
  });

  it('holds the next digest until a window has passed since the last mail', async () => {
    const { timers, sent, queue } = setup();
    queue.add('u1', 1);
    await timers.advance(5_000);
    queue.add('u1', 2);
    await timers.advance(59_999);
    expect(sent).toHaveLength(1);
    queue.add('u1', 3);
    await timers.advance(1);
    expect(sent.map((s) => [s.at, s.digest.items])).toEqual([
      [5_000, [1]],
      [65_000, [2, 3]],
    ]);
  });

  it('keeps recipients apart', async () => {
    const { timers, sent, queue } = setup();
    queue.add('u1', 1);
    queue.add('u2', 2);
    await timers.advance(5_000);
    expect(sent.map((s) => s.digest.key).sort()).toEqual(['u1', 'u2']);
  });

  it('sends at most maxPerHour mails per recipient in an hour, collecting meanwhile', async () => {
    const { timers, sent, queue } = setup();
    // A steady storm: one alarm every second for two hours.
    for (let s = 0; s < 7_200; s++) {
      queue.add('u1', s);
      await timers.advance(1_000);
    }
    const times = sent.map((x) => x.at);
    for (const at of times) expect(times.filter((t) => t > at - 3_600_000 && t <= at).length).toBeLessThanOrEqual(3);
    expect(times.slice(0, 4)).toEqual([5_000, 65_000, 125_000, 3_605_000]);
    // Nothing is lost: every alarm is counted in some digest.
    await queue.stop();
    expect(sent.reduce((n, s) => n + s.digest.total, 0)).toBe(7_200);
  });

  it('tries a failed mail once more after the retry delay, then gives up', async () => {
    const once = setup(1);
    once.queue.add('u1', 1);
    await once.timers.advance(5_000);
    expect(once.errors).toEqual([false]);
    await once.timers.advance(120_000);
    expect(once.sent.map((s) => s.at)).toEqual([125_000]);

    const twice = setup(2);
    twice.queue.add('u1', 1);
    await twice.timers.advance(200_000);
    expect(twice.errors).toEqual([false, true]);
    expect(twice.sent).toHaveLength(0);
    await twice.queue.idle();
  });

  it('sends what is pending at stop, ignores alarms after it, and is idle after', async () => {
    const { sent, queue } = setup();
    queue.add('u1', 1);
    await queue.stop();
    queue.add('u1', 2);
    expect(sent.map((s) => s.digest.items)).toEqual([[1]]);
    await queue.idle();
  });
});
