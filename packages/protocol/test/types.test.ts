/** Compile-time checks of the public types (tsc runs over test/), with a runtime smoke test. */
import { describe, expect, it } from 'vitest';
import {
  type DecodedMessage,
  decodeFrame,
  encodeMessage,
  type Jt808Message,
  type LocationReport,
  type MessageOf,
} from '../src/index.ts';

function describeMessage(m: DecodedMessage): string {
  if (m.kind !== 'message') return `${m.kind} 0x${m.msgId.toString(16)}`;
  switch (m.msgId) {
    case 0x0200: {
      const body: LocationReport = m.body; // narrowed by msgId
      return `position ${body.lat},${body.lng} with ${body.items.length} items`;
    }
    case 0x0102:
      return `auth ${m.body.token}`;
    case 0x8001:
      return `ack ${m.body.replyMsgId.toString(16)}`;
    default:
      return m.header.phone;
  }
}

describe('public types', () => {
  it('narrow bodies by msgId', () => {
    const msg: MessageOf<0x0102> = { msgId: 0x0102, body: { token: 'abc' } };
    const any: Jt808Message = msg;
    // @ts-expect-error a 0x0200 body is not a 0x0102 body
    const wrong: Jt808Message = { msgId: 0x0200, body: { token: 'abc' } };
    expect(wrong).toBeDefined();
    const r = decodeFrame(encodeMessage(any, { version: 2013, phone: '1', flowId: 1 }));
    if (!r.ok) throw new Error(r.error.message);
    expect(describeMessage(r.message)).toBe('auth abc');
  });
});
