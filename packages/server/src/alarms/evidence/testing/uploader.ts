import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AlarmIdent, encodeFileDataPacket } from '@headway/protocol';
import { pino } from 'pino';
import type { Gateway } from '../../../gateway/gateway.ts';
import { type Received, TestTerminal } from '../../../gateway/testing/terminal.ts';
import { EvidenceIntake } from '../intake.ts';
import type { EvidenceOptions } from '../options.ts';
import { EvidenceRequester } from '../request.ts';
import { LocalEvidenceStore } from '../store.ts';

/**
 * A test gateway's attachment port with a real intake over a temporary directory, and a 0x9208 requester on the
 * gateway, wired as the gateway module does.
 */
export function attachEvidence(
  gateway: Gateway,
  options: Partial<EvidenceOptions> = {},
): { intake: EvidenceIntake; store: LocalEvidenceStore; requester: EvidenceRequester; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'headway-evidence-'));
  const store = new LocalEvidenceStore(dir);
  const intake = new EvidenceIntake({
    db: gateway.db,
    store,
    logger: pino({ level: 'silent' }),
    metrics: gateway.metrics.attachments,
    options,
  });
  gateway.evidence = intake;
  const requester = new EvidenceRequester(gateway, pino({ level: 'silent' }), { requestTimeoutMs: 3000, ...options });
  return { intake, store, requester, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestFile {
  name: string;
  fileType: number;
  data: Uint8Array;
}

/**
 * A terminal's attachment connection driven step by step with real frames (T/JSATL 12 §4.6): the list, a file's
 * info, chosen pieces of its data, the done message and the platform's 0x9212.
 */
export class TestUploader {
  private constructor(readonly link: TestTerminal) {}

  static async connect(port: number, phone: string): Promise<TestUploader> {
    return new TestUploader(await TestTerminal.connect(port, phone));
  }

  /** 0x1210 → the 0x8001 result. */
  async list(terminalId: string, alarmIdent: AlarmIdent, alarmNo: string, files: TestFile[]): Promise<number> {
    const flowId = this.link.send({
      msgId: 0x1210,
      body: {
        terminalId,
        alarmIdent,
        alarmNo,
        infoType: 0,
        files: files.map((f) => ({ name: f.name, size: f.data.length })),
      },
    });
    return (await this.link.ackOf(flowId)).body.result;
  }

  /** 0x1211 → the 0x8001 result. */
  async info(file: TestFile, size = file.data.length): Promise<number> {
    const flowId = this.link.send({ msgId: 0x1211, body: { name: file.name, fileType: file.fileType, size } });
    return (await this.link.ackOf(flowId)).body.result;
  }

  /** File data in pieces of `piece` bytes, leaving out those whose index `skip` says. */
  sendData(file: TestFile, piece: number, skip: (index: number) => boolean = () => false): void {
    for (let offset = 0, i = 0; offset < file.data.length; offset += piece, i++) {
      if (skip(i)) continue;
      this.sendRange(file, offset, Math.min(piece, file.data.length - offset));
    }
  }

  sendRange(file: TestFile, offset: number, length: number): void {
    this.link.write(
      encodeFileDataPacket({ fileName: file.name, offset, data: file.data.subarray(offset, offset + length) }),
    );
  }

  /** 0x1212 → the platform's 0x9212. */
  async done(file: TestFile): Promise<Extract<Received, { msgId: 0x9212 }>['body']> {
    this.link.send({ msgId: 0x1212, body: { name: file.name, fileType: file.fileType, size: file.data.length } });
    const m = await this.link.next((x) => x.msgId === 0x9212);
    if (m.msgId !== 0x9212) throw new Error('unreachable');
    return m.body;
  }

  /** The whole file: info, every piece, done, and the ranges the platform asks again until it is complete. */
  async upload(file: TestFile, piece = 16 * 1024): Promise<number> {
    const result = await this.info(file);
    if (result !== 0) return result;
    this.sendData(file, piece);
    let answer = await this.done(file);
    for (let round = 0; answer.result !== 0 && round < 5; round++) {
      for (const r of answer.retransmit) this.sendRange(file, r.offset, r.length);
      answer = await this.done(file);
    }
    return answer.result;
  }

  close(): void {
    this.link.close();
  }
}

/** A JSATL (16-byte) identification. */
export function testIdent(terminalId: string, time: string, seq: number, attachmentCount: number): AlarmIdent {
  return { terminalId, time, seq, attachmentCount, reserved: new Uint8Array(1) };
}

/** Bytes that are not all the same (a shifted range would show). */
export function patternBytes(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed * 2654435761;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}
