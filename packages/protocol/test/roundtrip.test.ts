/** Property: for every message the codec encodes, decode(encode(x)) equals x — body level and frame level. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBody, decodeFrame, encodeBody, encodeFrames } from '../src/frame/frame.ts';
import type { ProtocolVersion } from '../src/frame/header.ts';
import { SubpackageAssembler } from '../src/frame/subpackage.ts';
import { alarmIdentLength } from '../src/location/alarm-ident.ts';
import { supportedMessages } from '../src/messages/table.ts';
import type { MsgId } from '../src/messages/types.ts';
import { messageArbitrary } from './arbitraries.ts';

const VERSIONS: ProtocolVersion[] = [2011, 2013, 2019];

/** The identification layout is a per-terminal setting; the test tells the decoder, as a gateway would. */
function identOf(body: unknown): 'jsatl' | 'gdrta' | undefined {
  const ident = (body as { alarmIdent?: Parameters<typeof alarmIdentLength>[0] }).alarmIdent;
  if (!ident) return undefined;
  return alarmIdentLength(ident) === 40 ? 'gdrta' : 'jsatl';
}

describe('round trip: decode(encode(x)) = x', () => {
  for (const { msgId, name } of supportedMessages()) {
    for (const version of VERSIONS) {
      it(`0x${msgId.toString(16).padStart(4, '0')} ${name} (${version})`, () => {
        fc.assert(
          fc.property(messageArbitrary(msgId as MsgId, version), (msg) => {
            const body = encodeBody(msg, { version });
            const alarmIdent = identOf(msg.body);
            const d = decodeBody(
              msg.msgId,
              body,
              { versionFlag: version === 2019 },
              { version, ...(alarmIdent && { alarmIdent }) },
            );
            if (!d.ok) throw new Error(`${d.error.code}: ${d.error.message}`);
            expect(d.message).toEqual(msg);
          }),
          { numRuns: 60 },
        );
      });
    }
  }
});

describe('round trip through frames (header, escaping, fragmentation)', () => {
  const ids = supportedMessages().map((m) => m.msgId as MsgId);
  it('any message, any header', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VERSIONS).chain((version) =>
          fc.record({
            version: fc.constant(version),
            msg: fc.constantFrom(...ids).chain((id) => messageArbitrary(id, version)),
            phone: fc.stringMatching(version === 2019 ? /^[0-9]{20}$/ : /^[0-9]{12}$/),
            flowId: fc.integer({ min: 0, max: 0xffff }),
            protocolVersion: fc.integer({ min: 1, max: 255 }),
            maxBodyLength: fc.integer({ min: 16, max: 1023 }),
          }),
        ),
        ({ version, msg, phone, flowId, protocolVersion, maxBodyLength }) => {
          const frames = encodeFrames(msg, { version, phone, flowId, protocolVersion, maxBodyLength });
          const alarmIdent = identOf(msg.body);
          const opts = { version, ...(alarmIdent && { alarmIdent }) };
          const asm = new SubpackageAssembler();
          let decoded: unknown;
          frames.forEach((f, i) => {
            const r = decodeFrame(f, opts);
            if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
            const h = r.message.header;
            expect(h.phone).toBe(phone);
            expect(h.flowId).toBe((flowId + i) & 0xffff);
            expect(h.versionFlag).toBe(version === 2019);
            if (version === 2019) expect(h.protocolVersion).toBe(protocolVersion);
            if (r.message.kind === 'message') decoded = { msgId: r.message.msgId, body: r.message.body };
            else if (r.message.kind === 'fragment') {
              const a = asm.push(h, r.message.body);
              if (a.status === 'complete') {
                const d = decodeBody(a.header.msgId, a.body, a.header, opts);
                if (!d.ok) throw new Error(d.error.message);
                decoded = d.message;
              }
            }
          });
          expect(decoded).toEqual(msg);
        },
      ),
      { numRuns: 400 },
    );
  });
});
