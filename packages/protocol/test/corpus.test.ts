/**
 * Conformance: every frame of shared/protocol/jt808-frames.json (real frames from public implementations and
 * devices) must decode to its `expect` fields. Field-name differences live in corpus-adapter.ts.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../src/codec/hex.ts';
import { decodeBody, decodeFrame, parseFrame } from '../src/frame/frame.ts';
import { SubpackageAssembler } from '../src/frame/subpackage.ts';
import { decodeRtpPacket } from '../src/rtp/packet.ts';
import { match } from './corpus-adapter.ts';
import { CORPUS_PATH, type Entry, type Json, loadCorpus } from './corpus-data.ts';

const HEADER_KEYS = [
  'msgId',
  'phone',
  'flowId',
  'bodyLength',
  'subpackage',
  'packetTotal',
  'packetIndex',
  'versionFlag',
  'protocolVersion',
];

function check808(c: Entry): string[] {
  const errors: string[] = [];
  const bytes = fromHex(c.hex)!;
  const r = decodeFrame(bytes);
  if (!r.ok) return [`decode failed: ${r.error.code} ${r.error.message}`];
  const m = r.message;
  const hexp: { [k: string]: Json } = {};
  for (const k of HEADER_KEYS) if (k in c.expect) hexp[k] = c.expect[k]!;
  match(hexp, m.header, 'header', errors);
  const body = c.expect.body as { [k: string]: Json } | undefined;
  if (!body) return errors;
  if (m.kind === 'fragment') {
    if (body.fragment === true) return errors;
    // First fragment: decode what it holds.
    const d = decodeBody(m.msgId, m.body, m.header, { partial: true });
    if (!d.ok) return [...errors, `partial decode failed: ${d.error.message}`];
    const { itemsInThisFragment, firstItem, ...rest } = body;
    match(rest, d.message.body, 'body', errors);
    const items = (d.message.body as { items?: unknown[] }).items;
    if (itemsInThisFragment !== undefined)
      match(itemsInThisFragment, items?.length, 'body.itemsInThisFragment', errors);
    if (firstItem !== undefined) match(firstItem, items?.[0], 'body.firstItem', errors);
    return errors;
  }
  if (m.kind !== 'message') return [...errors, `kind ${m.kind}`];
  match(body, m.body, 'body', errors);
  return errors;
}

function checkReassembled(first: Entry, group: Entry[]): string[] {
  const errors: string[] = [];
  const exp = first.expect.reassembled as { [k: string]: Json };
  const asm = new SubpackageAssembler();
  let done: { header: import('../src/frame/header.ts').Jt808Header; body: Uint8Array } | undefined;
  for (const c of group) {
    const f = parseFrame(fromHex(c.hex)!);
    if (!f.ok) return [`${c.id}: ${f.error.message}`];
    const a = asm.push(f.header, f.body);
    if (a.status === 'rejected') return [`${c.id}: ${a.error.message}`];
    if (a.status === 'complete') done = a;
  }
  if (!done) return ['never completed'];
  const d = decodeBody(done.header.msgId, done.body, done.header);
  if (!d.ok) return [`reassembled decode failed: ${d.error.code} ${d.error.message}`];
  const b = d.message.body as { items?: unknown[]; params?: { id: number }[]; paramCount?: number };
  for (const [k, v] of Object.entries(exp)) {
    const p = `reassembled.${k}`;
    if (k === 'packets') match(v, group.length, p, errors);
    else if (k === 'bodyBytes') match(v, done.body.length, p, errors);
    else if (k === 'itemCount') match(v, b.items?.length, p, errors);
    else if (k === 'firstItem') match(v, b.items?.[0], p, errors);
    else if (k === 'lastItem') match(v, b.items?.[b.items.length - 1], p, errors);
    else if (k === 'declaredParamCount') match(v, b.paramCount, p, errors);
    else if (k === 'lastParamIds' && Array.isArray(v)) {
      match(
        v,
        b.params?.slice(-v.length).map((x) => x.id),
        p,
        errors,
      );
    } else match({ [k]: v }, d.message.body, 'reassembled', errors);
  }
  // A strict count check where the device's count is honest.
  if (exp.paramCount !== undefined) match(exp.paramCount, b.params?.length, 'reassembled.params.length', errors);
  return errors;
}

function checkRtp(c: Entry): string[] {
  const errors: string[] = [];
  const r = decodeRtpPacket(fromHex(c.hex)!);
  if (!r.ok) return [`decode failed: ${r.error.message}`];
  const p = r.packet;
  const actual = {
    magic: '0x30316364',
    V: p.version,
    P: p.padding ? 1 : 0,
    X: p.extension ? 1 : 0,
    CC: p.csrcCount,
    M: p.marker ? 1 : 0,
    PT: p.payloadType,
    seq: p.seq,
    sim: p.sim,
    channel: p.channel,
    dataType: p.dataType,
    subpackage: p.subpackageMark,
    timestamp: p.timestamp,
    lastIFrameInterval: p.lastIFrameInterval,
    lastFrameInterval: p.lastFrameInterval,
    bodyLength: p.payload.length,
    bodyHeadHex: Buffer.from(p.payload.subarray(0, 8)).toString('hex'),
  };
  match(c.expect, actual, 'packet', errors);
  if (r.length !== fromHex(c.hex)!.length) errors.push(`consumed ${r.length} of ${c.hex.length / 2} bytes`);
  return errors;
}

describe.skipIf(!existsSync(CORPUS_PATH))('conformance corpus (shared/protocol/jt808-frames.json)', () => {
  const corpus = existsSync(CORPUS_PATH) ? loadCorpus() : [];

  it('decodes every frame to its expected fields', () => {
    const failures: string[] = [];
    let passed = 0;
    const kinds = new Map<string, number>();
    for (const c of corpus) {
      kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
      let errors: string[];
      if (c.kind === 'jt808') errors = check808(c);
      else if (c.kind === 'jt1078-rtp') errors = checkRtp(c);
      else errors = [`unknown kind ${c.kind as string}`];
      if (c.expect.reassembled !== undefined && c.group) {
        errors.push(
          ...checkReassembled(
            c,
            corpus.filter((x) => x.group === c.group),
          ),
        );
      }
      if (errors.length === 0) passed++;
      else failures.push(`${c.id}:\n    ${errors.slice(0, 8).join('\n    ')}`);
    }
    console.log(
      `corpus: ${passed}/${corpus.length} frames pass (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')})`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    expect(passed).toBe(corpus.length);
  });
});
