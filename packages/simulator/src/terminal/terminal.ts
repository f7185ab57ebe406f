import { connect, type Socket } from 'node:net';
import {
  decodeFrame,
  encodeFrames,
  FrameSplitter,
  type Jt808Message,
  type LocationReport,
  type MessageOf,
  type ProtocolVersion,
} from '@headway/protocol';
import { SNAPSHOT_RESOLUTIONS, type SnapshotResolution } from '@headway/spec';
import type { MotionState } from '../motion/events.ts';
import type { Rng } from '../motion/rng.ts';
import { uploadAttachments } from './attachments.ts';
import { answerCommand, type CommandTarget } from './commands.ts';
import { AlarmState, type EventRates, type SafetyEvent } from './events.ts';
import { alarmEvidence } from './evidence.ts';
import { snapshotJpeg } from './jpeg.ts';
import { TerminalMedia } from './media/terminal-media.ts';
import { defaultParameters, type ParamValue } from './parameters.ts';
import { RegionWatcher } from './regions.ts';
import { buildReport, type Crew } from './report.ts';
import type { FleetStats } from './stats.ts';

export interface TerminalOptions {
  /** Terminal phone number: 12 digits (2013) or up to 20 (2019). */
  phone: string;
  version: 2013 | 2019;
  /** 7-character terminal id (2013; 30 in 2019, padded by the codec). */
  terminalId: string;
  plate: string;
  imei: string;
  host: string;
  port: number;
  /** Source address to bind (several are needed above ~28k connections on loopback). */
  localAddress?: string;
  /** Seconds between 0x0200 reports. */
  interval: number;
  utcOffsetMinutes?: number;
  crew?: Crew | null;
  rates?: EventRates;
  rng: Rng;
  stats: FleetStats;
  /** The vehicle's state now (the fleet advances the motion model before asking). */
  motion: () => MotionState;
  /** Wall clock in ms (time-warped runs pass their own). */
  now?: () => number;
  /** Chance that the driver answers a dispatch text with a 0x6006 (default 0.3); 0 in tests that count. */
  driverReplyChance?: number;
  /** How long the driver takes to answer, ms (default 3–15 s). */
  driverReplyDelayMs?: readonly [number, number];
  /** Live video pace: capture ms per wall ms (1 real time; tests go faster). */
  mediaPace?: number;
}

/** What drivers answer to dispatch texts. */
const DRIVER_REPLIES = ['OK', 'Received', 'On my way', 'Will do', 'Running 5 min late', 'Heavy traffic here'];

type Phase = 'idle' | 'connecting' | 'registering' | 'authenticating' | 'online' | 'closed';

interface Pending {
  reports: LocationReport[];
  sentAt: number;
  msgId: 0x0200 | 0x0704;
}

/** Reports kept while offline (blind area), oldest dropped first beyond this. */
const BLIND_LIMIT = 5000;
/** Reports per 0x0704 batch: keeps the body under 1023 bytes with our items, so no fragmenting. */
const BATCH = 8;
/** An unacked report is resent (as blind-area data) after this long. */
const ACK_TIMEOUT_MS = 30_000;

/**
 * One virtual JT/T 808 terminal on a real TCP connection: registers (0x0100) once and keeps the token,
 * authenticates (0x0102) on every connection, reports (0x0200) when the fleet says so, sends heartbeats (0x0002)
 * when otherwise idle, and answers platform commands. Reports not acked by 0x8001 are kept and resent after a
 * reconnect as blind-area batches (0x0704 type 1), so a gateway restart loses nothing it did not ack.
 */
export class VirtualTerminal implements CommandTarget {
  readonly params: Map<number, ParamValue>;
  readonly texts: { flag: number; text: string; at: number }[] = [];
  readonly regions = new Map<number, { msgId: number; body: unknown }>();
  private readonly regionWatcher = new RegionWatcher();
  readonly iccid: string;
  private phase: Phase = 'idle';
  private socket: Socket | null = null;
  private token: string | null = null;
  private flowId = 0;
  private readonly pending = new Map<number, Pending>();
  private blind: LocationReport[] = [];
  private lastSent = 0;
  private lastReportAt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private mediaId = 0;
  private trackingUntil = 0;
  private trackingInterval = 0;
  private readonly alarms: AlarmState;
  private readonly now: () => number;
  private backoff = 1000;
  /** Recent ADAS/DSM alarms by "time|seq" of their identification, to name their files when asked (0x9208). */
  private readonly safetyAlarms = new Map<string, SafetyEvent>();
  /** Resolves when the terminal is online (tests and ramp-up wait on it). */
  private waiters: (() => void)[] = [];
  /** JT/T 1078 video: live (0x9101/0x9102), recordings (0x9205) and playback (0x9201/0x9202) of the capture. */
  readonly media: TerminalMedia;

  constructor(readonly options: TerminalOptions) {
    this.now = options.now ?? Date.now;
    this.alarms = new AlarmState(options.rng.fork('alarms'), options.rates);
    this.params = defaultParameters({
      host: options.host,
      port: options.port,
      interval: options.interval,
      odometerKm: 0,
      plate: options.plate,
    });
    this.iccid = `8986${options.phone.padStart(16, '0').slice(-16)}`;
    this.media = new TerminalMedia({
      phone: options.phone,
      host: options.host,
      utcOffsetMinutes: options.utcOffsetMinutes ?? 480,
      channels: 4,
      pace: options.mediaPace,
      now: this.now,
      onError: () => this.options.stats.errors++,
    });
  }

  get phone(): string {
    return this.options.phone;
  }
  get terminalId(): string {
    return this.options.terminalId;
  }
  get online(): boolean {
    return this.phase === 'online';
  }
  /** Reports waiting for an ack or for a connection. */
  get unacked(): number {
    let n = this.blind.length;
    for (const p of this.pending.values()) n += p.reports.length;
    return n;
  }
  /** Report interval in seconds now (0x8202 temporary tracking overrides the parameter). */
  get interval(): number {
    if (this.trackingInterval > 0 && this.now() < this.trackingUntil) return this.trackingInterval;
    return Number(this.params.get(0x0029)) || this.options.interval;
  }

  start(): void {
    if (this.phase !== 'idle') return;
    this.open();
  }

  whenOnline(): Promise<void> {
    if (this.phase === 'online') return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Closes for good (Ctrl-C): sends nothing more. */
  stop(): void {
    this.phase = 'closed';
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.media.closeAll();
    this.socket?.destroy();
    this.socket = null;
  }

  /** Drops the connection as a tunnel or a dead zone would; the terminal reconnects by itself. */
  dropConnection(): void {
    this.socket?.destroy();
  }

  triggerAlarm(kind: 'sos' | 'powerCut', seconds = 60): void {
    this.alarms.trigger(kind, Math.floor(this.now() / 1000), seconds);
  }

  /** The next report carries an ADAS or DSM alarm with its evidence (`type`: the item's alarm type). */
  triggerSafety(kind: 'adas' | 'dsm', type = 1): void {
    this.alarms.triggerSafety(kind, type);
  }

  /** Builds a 0x0200 from the motion state and sends it (or keeps it for later when offline). */
  report(): void {
    if (this.phase === 'closed') return;
    const m = this.options.motion();
    const nowSec = m.time;
    const elapsed = this.lastReportAt ? Math.max(1, nowSec - this.lastReportAt) : this.interval;
    this.lastReportAt = nowSec;
    const maxSpeed = Number(this.params.get(0x0055)) || 60;
    const overspeedSeconds = Number(this.params.get(0x0056)) || 10;
    const { alarm, safety } = this.alarms.evaluate(m, nowSec, elapsed, { maxSpeed, overspeedSeconds });
    const crossed = this.regionWatcher.observe(this.regions.values(), m);
    const report = buildReport({
      motion: m,
      alarm: (alarm | crossed.alarm) >>> 0,
      safety,
      regionItems: crossed.items,
      satellites: this.options.rng.int(7, 16),
      rssi: this.options.rng.int(14, 31),
      crew: this.options.crew ?? null,
      terminalId: this.options.terminalId,
      utcOffsetMinutes: this.options.utcOffsetMinutes ?? 480,
    });
    this.options.stats.reportsMade++;
    if (safety) {
      this.safetyAlarms.set(`${report.time}|${safety.seq}`, safety);
      if (this.safetyAlarms.size > 50) this.safetyAlarms.delete(this.safetyAlarms.keys().next().value!);
    }
    if (this.phase !== 'online') {
      this.keepBlind([report]);
      return;
    }
    this.sendReports([report], 0x0200);
  }

  /** Heartbeat when nothing was sent for the heartbeat interval; resend reports whose ack timed out. */
  tick(): void {
    if (this.phase !== 'online') return;
    const now = this.now();
    for (const [flowId, p] of this.pending) {
      if (now - p.sentAt > ACK_TIMEOUT_MS) {
        this.pending.delete(flowId);
        this.keepBlind(p.reports);
      }
    }
    if (this.blind.length) this.flushBlind();
    const heartbeat = (Number(this.params.get(0x0001)) || 30) * 1000;
    if (now - this.lastSent >= heartbeat) this.send({ msgId: 0x0002, body: {} });
  }

  location(): LocationReport {
    return buildReport({
      motion: this.options.motion(),
      alarm: 0,
      safety: null,
      satellites: 12,
      rssi: 25,
      crew: this.options.crew ?? null,
      terminalId: this.options.terminalId,
      utcOffsetMinutes: this.options.utcOffsetMinutes ?? 480,
    });
  }

  snapshot(channel: number, resolution: number): Uint8Array {
    const size = SNAPSHOT_RESOLUTIONS[resolution as SnapshotResolution] ?? SNAPSHOT_RESOLUTIONS[1];
    const nowSec = Math.floor(this.now() / 1000);
    const local = new Date((nowSec + (this.options.utcOffsetMinutes ?? 480) * 60) * 1000);
    const clock = local.toISOString().slice(11, 19);
    return snapshotJpeg({
      width: size.width,
      height: size.height,
      channel,
      caption: `CH${channel} ${clock}`,
      seed: Number(this.options.phone.slice(-6)) + channel * 7 + nowSec,
    });
  }

  heardText(_text: string): void {
    const rng = this.options.rng;
    if (!rng.chance(this.options.driverReplyChance ?? 0.3)) return;
    const answer = DRIVER_REPLIES[rng.int(0, DRIVER_REPLIES.length - 1)]!;
    // A driver reads and answers at the next red light, not at once.
    const timer = setTimeout(
      () => {
        if (this.phase === 'online') this.send({ msgId: 0x6006, body: { encoding: 0, text: answer } });
      },
      rng.int(...(this.options.driverReplyDelayMs ?? [3000, 15000])),
    );
    timer.unref();
  }

  nextMediaId(): number {
    this.mediaId = (this.mediaId % 0xfffffff) + 1;
    return this.mediaId;
  }

  track(interval: number, validity: number): void {
    this.trackingInterval = interval;
    this.trackingUntil = interval > 0 ? this.now() + validity * 1000 : 0;
  }

  private open(): void {
    this.phase = 'connecting';
    const socket = connect({
      host: this.options.host,
      port: this.options.port,
      localAddress: this.options.localAddress,
      noDelay: true,
    });
    this.socket = socket;
    const splitter = new FrameSplitter({ maxFrameSize: 8192 });
    let counted = false;
    socket.on('connect', () => {
      this.options.stats.connected++;
      counted = true;
      this.backoff = 1000;
      if (this.token) this.authenticate();
      else this.register();
    });
    socket.on('data', (chunk) => {
      for (const frame of splitter.push(chunk)) this.receive(frame);
    });
    socket.on('error', () => {
      this.options.stats.errors++;
    });
    socket.on('close', () => {
      if (counted) this.options.stats.connected--;
      counted = false;
      if (this.socket !== socket && this.socket !== null) return;
      this.socket = null;
      this.requeuePending();
      if (this.phase === 'closed') return;
      this.phase = 'idle';
      this.options.stats.reconnects++;
      const delay = this.backoff + this.options.rng.int(0, 1000);
      this.backoff = Math.min(30_000, this.backoff * 2);
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        if (this.phase === 'idle') this.open();
      }, delay);
    });
  }

  private register(): void {
    this.phase = 'registering';
    this.send({
      msgId: 0x0100,
      body: {
        province: 0,
        city: 0,
        maker: 'HDWAY',
        model: 'HW-SIM-808',
        terminalId: this.options.terminalId,
        plateColor: 2,
        plate: this.options.plate,
      },
    });
  }

  private authenticate(): void {
    this.phase = 'authenticating';
    const body =
      this.options.version === 2019
        ? { token: this.token!, imei: this.options.imei, softwareVersion: '2.4.1' }
        : { token: this.token! };
    this.send({ msgId: 0x0102, body });
  }

  private receive(frame: Uint8Array): void {
    const r = decodeFrame(frame, { version: this.options.version });
    if (!r.ok) {
      this.options.stats.errors++;
      return;
    }
    const m = r.message;
    if (m.kind !== 'message') {
      if (m.kind === 'unknown') {
        this.send({ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: m.msgId, result: 3 } });
      }
      return;
    }
    if (m.msgId === 0x8100) {
      if (m.body.result === 0 && m.body.token !== undefined) {
        this.options.stats.registered++;
        this.token = m.body.token;
        this.authenticate();
      } else {
        this.options.stats.errors++;
        // Not registered on the platform (unknown vehicle or terminal): try again later.
        this.socket?.destroy();
      }
      return;
    }
    if (m.msgId === 0x8001) {
      this.acknowledged(m.body.replyMsgId, m.body.replyFlowId, m.body.result);
      return;
    }
    this.options.stats.commands++;
    let replies: Jt808Message[];
    try {
      replies = this.media.answer(m) ?? answerCommand(m, this, Math.floor(this.now() / 1000));
    } catch {
      this.options.stats.errors++;
      replies = [{ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: m.msgId, result: 1 } }];
    }
    for (const reply of replies) this.send(reply);
    if (m.msgId === 0x9208) this.uploadAlarmFiles(m.body);
  }

  /**
   * 0x9208: the platform wants an alarm's files on its attachment server: the camera's stills and clip
   * (evidence.ts), as many as the identification announced.
   */
  private uploadAlarmFiles(request: MessageOf<0x9208>['body']): void {
    const ident = request.alarmIdent;
    const alarm = this.safetyAlarms.get(`${ident.time}|${ident.seq}`);
    const files = alarmEvidence(alarm?.kind ?? 'adas', alarm?.type ?? 0, request.alarmNo, ident.attachmentCount);
    const host = request.ip && request.ip !== '0.0.0.0' ? request.ip : this.options.host;
    uploadAttachments(
      {
        host,
        port: request.tcpPort,
        phone: this.options.phone,
        version: this.options.version,
        terminalId: this.options.terminalId,
        alarmIdent: ident,
        alarmNo: request.alarmNo,
      },
      files,
    ).then(
      (n) => {
        this.options.stats.attachmentsUploaded += n;
      },
      () => {
        this.options.stats.errors++;
      },
    );
  }

  private acknowledged(msgId: number, flowId: number, result: number): void {
    if (msgId === 0x0102) {
      if (result === 0) {
        this.phase = 'online';
        for (const w of this.waiters.splice(0)) w();
        this.flushBlind();
      } else {
        // Token refused (the platform forgot us): register again on a fresh connection.
        this.token = null;
        this.options.stats.errors++;
        this.socket?.destroy();
      }
      return;
    }
    if (msgId === 0x0200 || msgId === 0x0704) {
      const p = this.pending.get(flowId);
      if (!p) return;
      this.pending.delete(flowId);
      if (result === 0 || result === 4) {
        this.options.stats.recordAck(this.now() - p.sentAt);
      } else {
        this.options.stats.errors++;
        this.keepBlind(p.reports);
      }
    }
  }

  private sendReports(reports: LocationReport[], msgId: 0x0200 | 0x0704): void {
    const flowId =
      msgId === 0x0200
        ? this.send({ msgId, body: reports[0]! })
        : this.send({ msgId, body: { type: 1, locations: reports } });
    if (flowId < 0) {
      this.keepBlind(reports);
      return;
    }
    this.pending.set(flowId, { reports, sentAt: this.now(), msgId });
    if (msgId === 0x0200) {
      this.options.stats.reportsSent++;
      this.options.stats.onReportSent?.(this.options.imei, reports[0]!.time, Date.now());
    } else this.options.stats.batchesSent++;
  }

  private flushBlind(): void {
    while (this.blind.length && this.phase === 'online') {
      this.sendReports(this.blind.splice(0, BATCH), 0x0704);
    }
  }

  private keepBlind(reports: LocationReport[]): void {
    this.blind.push(...reports);
    this.blind.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
    if (this.blind.length > BLIND_LIMIT) this.blind.splice(0, this.blind.length - BLIND_LIMIT);
  }

  private requeuePending(): void {
    for (const p of this.pending.values()) this.keepBlind(p.reports);
    this.pending.clear();
  }

  /** Encodes and writes; returns the (first) flow id used, or −1 when there is no connection or encoding failed. */
  private send(message: Jt808Message): number {
    const socket = this.socket;
    if (!socket || socket.destroyed) return -1;
    let frames: Uint8Array[];
    const flowId = this.flowId;
    try {
      frames = encodeFrames(message, {
        version: this.options.version as ProtocolVersion,
        phone: this.options.phone,
        flowId,
      });
    } catch {
      this.options.stats.errors++;
      return -1;
    }
    // Fragmented messages (a snapshot picture) consume one flow id per frame.
    this.flowId = (this.flowId + frames.length) & 0xffff;
    for (const f of frames) socket.write(f);
    this.lastSent = this.now();
    return flowId;
  }
}
