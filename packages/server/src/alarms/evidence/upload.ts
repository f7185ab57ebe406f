import type {
  AlarmAttachmentList,
  AttachmentFileDone,
  AttachmentFileDoneResponse,
  AttachmentFileInfo,
  FileDataPacket,
} from '@headway/protocol';
import { alarmFileRows, markFileComplete, recordFileStart } from './files.ts';
import type { EvidenceIntake } from './intake.ts';
import { evidencePath, fileTypeOfName } from './paths.ts';
import { ReceivedRanges } from './ranges.ts';
import { resolveUploadAlarm, type UploadAlarm } from './resolve.ts';

/** A 0x8001 result for the signalling, and whether to close the connection after sending it. */
export interface SignalReply {
  result: number;
  close?: boolean;
}

const OK: SignalReply = { result: 0 };
const FAILED: SignalReply = { result: 1 };

type FileStatus = 'receiving' | 'complete' | 'stored' | 'refused';

interface FileState {
  name: string;
  path: string;
  fileType: number;
  size: number;
  status: FileStatus;
  ranges: ReceivedRanges;
  /** 0x1212 answered with missing ranges so far. */
  rounds: number;
  /** Bytes held from the intake's in-flight budget. */
  reserved: number;
}

/**
 * One attachment connection (T/JSATL 12 §4.6, reference §10.2): 0x1210 names the alarm and its files, then per file
 * 0x1211, data packets written at their offsets, 0x1212 answered by 0x9212 with what is still missing until the
 * file is whole. The transport (gateway/attachments.ts) calls these one at a time, in arrival order.
 */
export class EvidenceUpload {
  private alarm: UploadAlarm | undefined;
  private readonly listed = new Map<string, number>();
  private readonly files = new Map<string, FileState>();
  /** Names already stored for this alarm (complete rows) with their size. */
  private stored = new Map<string, number>();
  private known = new Set<string>();

  constructor(
    private readonly intake: EvidenceIntake,
    private readonly remote: string,
  ) {}

  /** 0x1210. An alarm we cannot place (unknown terminal) refuses the connection. */
  async list(phone: string, body: AlarmAttachmentList): Promise<SignalReply> {
    const alarm = await resolveUploadAlarm(this.intake.db, phone, body);
    if (!alarm) {
      this.intake.metrics.unknownAlarms++;
      this.warn('unknown-alarm', { phone, alarmNo: body.alarmNo }, 'attachment list from an unknown terminal refused');
      return { result: 1, close: true };
    }
    this.alarm = alarm;
    for (const f of body.files) this.listed.set(f.name, f.size);
    const rows = await alarmFileRows(this.intake.db, alarm.companyId, alarm.alarmKey);
    this.known = new Set(rows.map((r) => r.file_name));
    this.stored = new Map(rows.filter((r) => r.complete === 1).map((r) => [r.file_name, Number(r.size)]));
    return OK;
  }

  /** 0x1211: accept the file (or not) before its data comes. */
  async info(body: AttachmentFileInfo): Promise<SignalReply> {
    return this.start(body.name, body.fileType, body.size);
  }

  /** A file data packet: written at its offset if the file is being received, dropped otherwise. */
  async data(packet: FileDataPacket): Promise<void> {
    let file = this.files.get(packet.fileName);
    if (!file) {
      // Some terminals go straight to the data after the list; the list gave the size.
      const size = this.listed.get(packet.fileName);
      if (size === undefined || !this.alarm) return this.drop(packet, 'data for a file not announced');
      await this.start(packet.fileName, fileTypeOfName(packet.fileName), size);
      file = this.files.get(packet.fileName);
    }
    if (file?.status !== 'receiving') return this.drop(packet);
    const end = packet.offset + packet.data.length;
    if (end > file.size) return this.drop(packet, 'data beyond the declared size');
    await this.intake.store.put(file.path, packet.offset, packet.data);
    file.ranges.add(packet.offset, packet.data.length);
  }

  /** 0x1212 → the 0x9212 body: complete, or the ranges to send again. */
  async done(body: AttachmentFileDone): Promise<AttachmentFileDoneResponse> {
    const answer = (retransmit: AttachmentFileDoneResponse['retransmit'] = []) => ({
      name: body.name,
      fileType: body.fileType,
      result: retransmit.length > 0 ? 1 : 0,
      retransmit,
    });
    const file = this.files.get(body.name);
    // Not being received (refused, already stored, or never announced): nothing to ask for.
    if (file?.status !== 'receiving') return answer();
    const missing = file.ranges.missing(file.size);
    if (missing.length === 0) {
      await this.finish(file);
      return answer();
    }
    if (file.rounds >= this.intake.options.maxResendRounds) {
      this.intake.metrics.filesRefused++;
      this.warn('resends', { file: file.name, missing: missing.length }, 'attachment still incomplete; given up');
      await this.forget(file, 'refused');
      return answer();
    }
    file.rounds++;
    this.intake.metrics.resendRequests++;
    return answer(missing);
  }

  /** The connection closed: files not finished are dropped (a terminal re-uploads them whole). */
  async close(): Promise<void> {
    for (const file of this.files.values()) {
      if (file.status === 'receiving') await this.forget(file, 'refused');
    }
  }

  /** Another connection took `path` over (the terminal reconnected): stop writing it here. */
  abandon(path: string): void {
    for (const file of this.files.values()) {
      if (file.path === path && file.status === 'receiving') {
        this.intake.release(file.reserved);
        file.reserved = 0;
        file.status = 'refused';
      }
    }
  }

  private async start(name: string, fileType: number, size: number): Promise<SignalReply> {
    const alarm = this.alarm;
    if (!alarm) {
      this.warn('no-list', { file: name }, 'attachment file before its list (0x1210) refused');
      return FAILED;
    }
    const options = this.intake.options;
    const previous = this.files.get(name);
    if (previous?.status === 'receiving') await this.forget(previous, 'refused');
    const path = evidencePath(alarm.companyId, alarm.alarmKey, name);
    const file: FileState = {
      name,
      path,
      fileType,
      size,
      status: 'refused',
      ranges: new ReceivedRanges(),
      rounds: 0,
      reserved: 0,
    };
    this.files.set(name, file);
    if (size > options.maxFileBytes) {
      this.intake.metrics.filesRefused++;
      this.warn(
        'too-large',
        { file: name, size, limit: options.maxFileBytes },
        'attachment over the size limit refused',
      );
      return FAILED;
    }
    if (!this.known.has(name) && this.known.size >= options.maxFilesPerAlarm) {
      this.intake.metrics.filesRefused++;
      this.warn(
        'too-many',
        { file: name, limit: options.maxFilesPerAlarm },
        'attachment over the files-per-alarm limit refused',
      );
      return FAILED;
    }
    if (this.stored.get(name) === size && (await this.intake.store.stat(path))?.size === size) {
      // Sent again (a re-upload after a broken session): we have it, its data is ignored.
      file.status = 'stored';
      return OK;
    }
    if (!this.intake.reserve(size)) {
      this.intake.metrics.busy++;
      this.warn('busy', { file: name, size, inFlight: this.intake.bytesInFlight }, 'attachment server busy; try later');
      return { result: 1, close: true };
    }
    file.reserved = size;
    file.status = 'receiving';
    this.intake.claim(path, this);
    this.known.add(name);
    await recordFileStart(this.intake.db, {
      companyId: alarm.companyId,
      alarmKey: alarm.alarmKey,
      fileName: name,
      relativePath: path,
      fileType,
      size,
      now: this.intake.now(),
    });
    // A fresh start: bytes of an earlier attempt must not fill the gaps of this one.
    await this.intake.store.discard(path);
    await this.intake.store.put(path, 0, new Uint8Array(0));
    return OK;
  }

  private async finish(file: FileState): Promise<void> {
    const alarm = this.alarm!;
    await this.intake.store.seal(file.path);
    await markFileComplete(this.intake.db, alarm.companyId, alarm.alarmKey, file.name);
    this.intake.metrics.filesComplete++;
    this.stored.set(file.name, file.size);
    this.release(file);
    file.status = 'complete';
  }

  private async forget(file: FileState, status: FileStatus): Promise<void> {
    const owned = file.status === 'receiving';
    this.release(file);
    file.status = status;
    if (owned) await this.intake.store.discard(file.path).catch(() => undefined);
  }

  private release(file: FileState): void {
    this.intake.release(file.reserved);
    file.reserved = 0;
    this.intake.unclaim(file.path, this);
  }

  private drop(packet: FileDataPacket, reason?: string): void {
    this.intake.metrics.droppedBytes += packet.data.length;
    if (reason) this.warn('drop', { file: packet.fileName, offset: packet.offset }, `attachment ${reason} dropped`);
  }

  private warn(key: string, fields: Record<string, unknown>, message: string): void {
    this.intake.log.warn(
      `evidence:${key}`,
      { ...fields, remote: this.remote, alarmKey: this.alarm?.alarmKey },
      message,
    );
  }
}
