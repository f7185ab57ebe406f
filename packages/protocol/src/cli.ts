/**
 * `jt808` — a debugging tool for people bringing up terminals. The only module of the package that does I/O.
 *
 *   jt808 decode [options] [hex …]     one JSON object per frame, one per line (stdin: one hex frame per line)
 *   jt808 encode [options] '<json>'    hex of the encoded frame(s), one frame per line
 *   jt808 messages                     the supported message table
 *
 * A line that fails prints `{"ok":false,"error":{…}}` in its place, so output lines match input lines.
 */
import { createInterface } from 'node:readline';
import { bitNames, COMM_MODULE_BITS, GNSS_MODULE_BITS, PARAM_TYPES, TERMINAL_TYPE_BITS } from '@headway/spec';
import { decodeFileDataPacket } from './attachment/file-data.ts';
import { CodecFault, toCodecError } from './codec/errors.ts';
import { fromHex, toHex } from './codec/hex.ts';
import { type DecodeOptions, decodeBody, decodeFrame, encodeFrames } from './frame/frame.ts';
import type { ProtocolVersion } from './frame/header.ts';
import { SubpackageAssembler } from './frame/subpackage.ts';
import { textFlags } from './location/flags.ts';
import type { AlarmIdentProfile } from './messages/codec.ts';
import { codecFor, supportedMessages } from './messages/table.ts';
import type { Jt808Message } from './messages/types.ts';
import { decodeRtpPacket } from './rtp/packet.ts';

const USAGE = `usage:
  jt808 decode [--version 2011|2013|2019] [--alarm-ident jsatl|gdrta] [--lenient] [hex …]
        (no hex arguments: one hex frame per line on stdin; JT/T 1078 stream packets and
         JSATL12 file data packets, starting 30316364, are recognised too)
  jt808 encode [--version 2011|2013|2019] [--phone digits] [--flow-id n] '<json>'
        json: {"msgId":"0x8001","body":{…}} — the output of decode is accepted as is
  jt808 messages`;

const HEX_KEYS = new Set(['msgId', 'replyMsgId']);

function hexId(n: number, width: number): string {
  return `0x${n.toString(16).toUpperCase().padStart(width, '0')}`;
}

/** JSON for people: bytes as hex, message IDs as 0x…, named flags beside the raw words. */
function toJson(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
    if (v instanceof Uint8Array) return toHex(v);
    if (typeof v === 'number' && HEX_KEYS.has(key)) return hexId(v, 4);
    if (typeof v === 'number' && key === 'id' && this && typeof this === 'object') {
      const holder = this as Record<string, unknown>;
      if ('value' in holder) return hexId(v, 4); // parameter
      if ('raw' in holder || Object.keys(holder).length > 1) return hexId(v, 2); // location item
    }
    return v;
  });
}

interface Flags {
  version?: ProtocolVersion;
  alarmIdent?: AlarmIdentProfile;
  lenient: boolean;
  phone?: string;
  flowId?: number;
  rest: string[];
}

function parseArgs(args: string[]): Flags {
  const f: Flags = { lenient: false, rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) throw new CodecFault('BAD_VALUE', `${a} needs a value`);
      return v;
    };
    if (a === '--version') {
      const v = Number(next());
      if (v !== 2011 && v !== 2013 && v !== 2019)
        throw new CodecFault('BAD_VALUE', 'version must be 2011, 2013 or 2019');
      f.version = v;
    } else if (a === '--alarm-ident') f.alarmIdent = next() as AlarmIdentProfile;
    else if (a === '--lenient') f.lenient = true;
    else if (a === '--phone') f.phone = next();
    else if (a === '--flow-id') f.flowId = Number(next());
    else f.rest.push(a);
  }
  return f;
}

function withFlags(body: unknown, msgId: number): unknown {
  if (!body || typeof body !== 'object') return body;
  const b = body as Record<string, unknown>;
  if (msgId === 0x8300 && typeof b.flag === 'number') return { ...b, flags: textFlags(b.flag) };
  if (msgId === 0x0107 && typeof b.terminalType === 'number') {
    const flags = {
      terminalType: bitNames(b.terminalType, TERMINAL_TYPE_BITS),
      gnss: bitNames(Number(b.gnssAttr), GNSS_MODULE_BITS),
      comm: bitNames(Number(b.commAttr), COMM_MODULE_BITS),
    };
    return { ...b, flags };
  }
  return body;
}

function decodeLine(line: string, opts: DecodeOptions, asm: SubpackageAssembler): string {
  const bytes = fromHex(line);
  if (!bytes) return toJson({ ok: false, error: { code: 'BAD_VALUE', message: 'not a hex string' } });
  if (bytes[0] === 0x30 && bytes[1] === 0x31 && bytes[2] === 0x63 && bytes[3] === 0x64) {
    const rtp = decodeRtpPacket(bytes);
    if (rtp.ok) return toJson({ ok: true, kind: 'jt1078-stream', packet: rtp.packet });
    const fd = decodeFileDataPacket(bytes);
    if (fd.ok) return toJson({ ok: true, kind: 'file-data', packet: fd.packet });
    return toJson({ ok: false, error: rtp.error });
  }
  const r = decodeFrame(bytes, opts);
  if (!r.ok) return toJson(r);
  const m = r.message;
  const name = codecFor(m.msgId)?.name ?? 'unknown';
  if (m.kind === 'fragment') {
    const out: Record<string, unknown> = { ok: true, kind: 'fragment', msgId: m.msgId, name, header: m.header };
    const a = asm.push(m.header, m.body);
    if (a.status === 'complete') {
      const d = decodeBody(a.header.msgId, a.body, a.header, opts);
      out.reassembled = d.ok ? { bodyLength: a.body.length, body: withFlags(d.message.body, m.msgId) } : d;
    } else if (a.status === 'pending') {
      const first = decodeBody(m.msgId, m.body, m.header, { ...opts, partial: true });
      out.progress = `${a.received}/${a.total}`;
      if (m.header.packetIndex === 1 && first.ok) out.partialBody = first.message.body;
      else out.body = m.body;
    }
    return toJson(out);
  }
  if (m.kind === 'unknown')
    return toJson({ ok: true, kind: 'unknown', msgId: m.msgId, name, header: m.header, body: m.body });
  return toJson({
    ok: true,
    kind: 'message',
    msgId: m.msgId,
    name,
    header: m.header,
    body: withFlags(m.body, m.msgId),
  });
}

/** Turns CLI JSON back into codec values: "0x…" IDs → numbers, hex strings → bytes where the type is bytes. */
function reviveBody(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    if (key === 'params') {
      return value.map((p: Record<string, unknown>) => {
        const id = typeof p.id === 'string' ? Number.parseInt(p.id, 16) : (p.id as number);
        const t = PARAM_TYPES.get(id);
        const v = p.value;
        const bytesValue = typeof v === 'string' && (t === 'bytes' || t === undefined) ? fromHex(v) : undefined;
        return { ...p, id, value: bytesValue ?? v };
      });
    }
    return value.map((v) => reviveBody(v, key));
  }
  if (value && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === 'alarms' || k === 'states' || k === 'flags') continue; // derived
      if ((k === 'id' || HEX_KEYS.has(k)) && typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v)) {
        o[k] = Number.parseInt(v, 16);
      } else if ((k === 'raw' || k === 'data' || k === 'reserved' || k === 'payload') && typeof v === 'string') {
        o[k] = fromHex(v) ?? v;
      } else o[k] = reviveBody(v, k);
    }
    return o;
  }
  return value;
}

function encodeCommand(f: Flags): string[] {
  const text = f.rest.join(' ');
  const input = JSON.parse(text) as {
    msgId: string | number;
    body?: unknown;
    header?: { phone?: string; flowId?: number; versionFlag?: boolean; protocolVersion?: number };
  };
  const msgId = typeof input.msgId === 'string' ? Number.parseInt(input.msgId, 16) : input.msgId;
  if (!codecFor(msgId)) throw new CodecFault('UNKNOWN_MESSAGE', `no codec for ${String(input.msgId)}`);
  const h = input.header ?? {};
  const version: ProtocolVersion = f.version ?? (h.versionFlag ? 2019 : 2013);
  const msg = { msgId, body: reviveBody(input.body ?? {}) } as Jt808Message;
  const frames = encodeFrames(msg, {
    version,
    phone: f.phone ?? h.phone ?? '0',
    flowId: f.flowId ?? h.flowId ?? 0,
    protocolVersion: h.protocolVersion || 1,
  });
  return frames.map((fr) => toHex(fr));
}

async function readLines(onLine: (line: string) => void): Promise<void> {
  const rl = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of rl) onLine(line);
}

export async function main(argv: string[]): Promise<number> {
  const [cmd, ...args] = argv;
  let failed = false;
  const print = (s: string) => process.stdout.write(`${s}\n`);
  try {
    if (cmd === 'decode') {
      const f = parseArgs(args);
      const opts: DecodeOptions = {
        flags: true,
        ...(f.version && { version: f.version }),
        ...(f.alarmIdent && { alarmIdent: f.alarmIdent }),
        ...(f.lenient && { verifyChecksum: false, verifyLength: false }),
      };
      const asm = new SubpackageAssembler();
      const handle = (line: string) => {
        let out: string;
        try {
          out = decodeLine(line.trim(), opts, asm);
        } catch (e) {
          out = toJson({ ok: false, error: toCodecError(e) });
        }
        if (out.startsWith('{"ok":false')) failed = true;
        print(out);
      };
      if (f.rest.length > 0) f.rest.forEach(handle);
      else await readLines(handle);
    } else if (cmd === 'encode') {
      try {
        for (const line of encodeCommand(parseArgs(args))) print(line);
      } catch (e) {
        failed = true;
        print(
          toJson({
            ok: false,
            error: e instanceof SyntaxError ? { code: 'BAD_VALUE', message: e.message } : toCodecError(e),
          }),
        );
      }
    } else if (cmd === 'messages') {
      for (const m of supportedMessages()) print(`${hexId(m.msgId, 4)}  ${m.name}`);
    } else {
      print(USAGE);
      return cmd === undefined || cmd === 'help' || cmd === '--help' ? 0 : 2;
    }
  } catch (e) {
    print(toJson({ ok: false, error: toCodecError(e) }));
    return 1;
  }
  return failed ? 1 : 0;
}
