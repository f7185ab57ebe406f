import type { Jt808Header } from '@headway/protocol';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../kernel/errors.ts';
import { type CommandReply, expectedReply, PendingCommands } from './commands.ts';

const header = (msgId: number): Jt808Header => ({
  msgId,
  bodyLength: 0,
  encryption: 0,
  subpackage: false,
  versionFlag: false,
  protocolVersion: 0,
  phone: '013800138000',
  flowId: 1,
  packetTotal: 0,
  packetIndex: 0,
});

describe('command correlation', () => {
  it('knows which message answers which command', () => {
    expect(expectedReply(0x8106)).toBe(0x0104);
    expect(expectedReply(0x8107)).toBe(0x0107);
    expect(expectedReply(0x8300)).toBe(0x0001);
    expect(expectedReply(0x9003)).toBe(0x1003);
  });

  it('settles 0x0001 only on matching reply flow id and message id', async () => {
    const pending = new PendingCommands();
    const text = pending.wait(0x8300, 7, 1000, () => {});
    const other = (replyFlowId: number, replyMsgId: number): CommandReply => ({
      msgId: 0x0001,
      body: { replyFlowId, replyMsgId, result: 0 },
      header: header(0x0001),
    });
    expect(pending.settle(other(8, 0x8300))).toBe(false);
    expect(pending.settle(other(7, 0x8103))).toBe(false);
    expect(pending.settle(other(7, 0x8300))).toBe(true);
    await expect(text).resolves.toMatchObject({ msgId: 0x0001 });
  });

  it('settles 0x0104 by its reply flow id and 0x0107 by message id alone', async () => {
    const pending = new PendingCommands();
    const a = pending.wait(0x8106, 1, 1000, () => {});
    const b = pending.wait(0x8106, 2, 1000, () => {});
    const attrs = pending.wait(0x8107, 3, 1000, () => {});
    const params = (replyFlowId: number): CommandReply => ({
      msgId: 0x0104,
      body: { replyFlowId, paramCount: 0, params: [] },
      header: header(0x0104),
    });
    expect(pending.settle(params(2))).toBe(true);
    expect(pending.settle(params(1))).toBe(true);
    await expect(a).resolves.toMatchObject({ body: { replyFlowId: 1 } });
    await expect(b).resolves.toMatchObject({ body: { replyFlowId: 2 } });
    expect(pending.settle({ msgId: 0x0107, body: {} as never, header: header(0x0107) })).toBe(true);
    await expect(attrs).resolves.toMatchObject({ msgId: 0x0107 });
  });

  it('fails with 1101 on timeout and when the session ends', async () => {
    const pending = new PendingCommands();
    let timedOut = 0;
    const slow = pending.wait(0x8300, 1, 20, () => timedOut++);
    const cut = pending.wait(0x8103, 2, 1000, () => {});
    const slowError = await slow.catch((e: unknown) => e);
    expect(isApiError(slowError) && slowError.code).toBe(1101);
    expect(timedOut).toBe(1);
    pending.failAll();
    const cutError = await cut.catch((e: unknown) => e);
    expect(isApiError(cutError) && cutError.code).toBe(1101);
    expect(pending.size).toBe(0);
  });
});
