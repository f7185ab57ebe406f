import type { Socket } from 'node:net';
import { type Jt808Message, RtpFrameAssembler, type RtpPacket, RtpSplitter } from '@headway/protocol';
import type { Logger } from 'pino';
import type { CommandReply } from '../gateway/commands.ts';
import type { GatewayMetrics } from '../gateway/metrics.ts';
import { type PcmFrame, StreamHub, type StreamKey, streamKeyId } from '../media/index.ts';
import { MediaClocks } from './media-clock.ts';
import type { VideoOptions } from './options.ts';
import { TalkRegistry } from './talk-session.ts';
import type { StreamKind } from './token.ts';
import type { ViewerRelay } from './viewer-relay.ts';

/** What the media service needs of the gateway it lives in. */
export interface MediaHost {
  sendCommand(phone: string, message: Jt808Message, opts?: { timeoutMs?: number }): Promise<CommandReply>;
  localAddressOf(phone: string): string | undefined;
  readonly ports: { media: number };
  readonly metrics: GatewayMetrics;
}

/** The stream packets' SIM and the registry's phones differ in leading zeros; keys carry neither. */
export function simKey(phoneOrSim: string): string {
  return phoneOrSim.replace(/^0+/, '');
}

/** JT/T 808 BCD time "none" (all zeros): the 0x9202 seek time when not seeking. */
export const NO_TIME = '000000000000';

/** An upstream the platform asked a terminal for (0x9101 / 0x9201), with the connection that answers it. */
interface Upstream {
  key: StreamKey;
  requestedAt: number;
  /** Someone watched it at least once since the request (the unattended timer is off). */
  attached: boolean;
  timer: NodeJS.Timeout | undefined;
  link: MediaLink | undefined;
  /** Moved to the other stream type by a switch: released without telling the terminal (it closed it itself). */
  switchedAway: boolean;
}

/** One media connection from a terminal. */
export interface MediaLink {
  socket: Socket;
  upstream: Upstream | undefined;
  /** The SIM digits as the terminal writes them (talk audio goes back with the same). */
  wireSim: string;
}

let requestOrder = 0;

/**
 * The media side of a gateway node (docs/media.md "The media port"): media connections in, bound to the request
 * they answer, frames into the StreamHub; the upstream lifetime (0x9101 on the first viewer, 0x9102/0x9202 when
 * the last one leaves or nobody came); viewer relays; two-way talk. A connection whose first packet answers no
 * request of ours is closed: a terminal cannot make us cache streams nobody asked for.
 */
export class MediaService {
  readonly hub: StreamHub;
  readonly talks: TalkRegistry;
  readonly clocks = new MediaClocks();
  readonly counters = { refusedConnections: 0, strayPackets: 0, unattendedClosed: 0, idleClosed: 0 };
  private readonly upstreams = new Map<string, Upstream>();
  private readonly relays = new Map<string, Set<ViewerRelay>>();
  private readonly links = new Set<MediaLink>();

  constructor(
    private readonly host: MediaHost,
    readonly options: VideoOptions,
    private readonly logger: Logger,
  ) {
    this.hub = new StreamHub({
      idleDelayMs: options.idleDelayMs,
      onActive: (key) => this.onActive(key),
      onIdle: (key) => this.onIdle(key),
    });
    this.talks = new TalkRegistry(this, options.requestTimeoutMs);
  }

  /**
   * Every platform message to a terminal passes here on the node holding its session (Gateway.sendCommand): a
   * 0x9101/0x9201 without a server address gets this node's (only the holding node knows which of its addresses
   * the terminal reached), and the stream it asks for is expected on the media port.
   */
  prepare(phone: string, message: Jt808Message): Jt808Message {
    const sim = simKey(phone);
    switch (message.msgId) {
      case 0x9101: {
        const body = this.addressed(phone, message.body);
        const kind: StreamKind = body.dataType === 2 ? 'talk' : 'live';
        this.expect({ sim, channel: body.channel, streamType: kind === 'talk' ? 0 : body.streamType, kind });
        return { msgId: 0x9101, body };
      }
      case 0x9201: {
        const body = this.addressed(phone, message.body);
        this.expect({ sim, channel: body.channel, streamType: 0, kind: 'playback' });
        return { msgId: 0x9201, body };
      }
      case 0x9102: {
        const b = message.body;
        if (b.command === 1) this.switchStream(sim, b.channel, b.switchStream);
        return message;
      }
      default:
        return message;
    }
  }

  /** A terminal's media connection (the media port). */
  accept(socket: Socket): void {
    const metrics = this.host.metrics;
    metrics.media.connections++;
    const link: MediaLink = { socket, upstream: undefined, wireSim: '' };
    this.links.add(link);
    const splitter = new RtpSplitter({ onDrop: (bytes) => (metrics.media.droppedBytes += bytes) });
    const assembler = new RtpFrameAssembler();
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.on('data', (chunk: Buffer) => {
      for (const packet of splitter.push(chunk)) {
        metrics.mediaPacket(packet.sim, packet.payload.length + 30);
        if (!link.upstream && !this.bind(link, packet)) return;
        const up = link.upstream;
        if (!up || up.link !== link) return;
        if (packet.channel !== up.key.channel || simKey(packet.sim) !== up.key.sim) {
          this.counters.strayPackets++;
          continue;
        }
        const frame = assembler.push(packet);
        if (!frame) continue;
        this.hub.publish(up.key, frame);
        if (frame.dataType <= 2) this.clocks.record(up.key, this.hub.lastVideo(up.key), Date.now());
      }
    });
    // No heartbeat on these links: a connection silent for two minutes is gone.
    socket.setTimeout(120_000, () => socket.destroy());
    socket.on('error', () => {});
    socket.on('close', () => {
      this.links.delete(link);
      metrics.media.connections--;
      this.linkClosed(link);
    });
  }

  /** A viewer relay now watches `key` (it is counted in the hub once attached). */
  addRelay(key: StreamKey, relay: ViewerRelay): void {
    const id = streamKeyId(key);
    let set = this.relays.get(id);
    if (!set) {
      set = new Set();
      this.relays.set(id, set);
    }
    set.add(relay);
    const current = { ...key };
    relay.whenGone(() => this.relays.get(streamKeyId(current))?.delete(relay));
    relay.attach((sink) => this.hub.addViewer(current, sink));
  }

  /** Whether the platform asked for this stream and has not released it (playback and talk need a request). */
  isRequested(key: StreamKey): boolean {
    return this.upstreams.has(streamKeyId(key));
  }

  /** Live control 0: the caller's viewers of this camera close; the upstream follows when nobody is left. */
  closeViewers(session: number, sim: string, channel: number, kind: StreamKind): number {
    let closed = 0;
    for (const [id, set] of this.relays) {
      const up = this.upstreams.get(id);
      const key = up?.key ?? parseKeyId(id);
      if (key.sim !== sim || key.channel !== channel || (key.kind ?? 'live') !== kind) continue;
      for (const relay of [...set]) {
        if (relay.session !== session) continue;
        relay.stop();
        set.delete(relay);
        closed++;
      }
    }
    return closed;
  }

  addAudioListener(key: StreamKey, fn: (frame: PcmFrame) => void): () => void {
    return this.hub.addAudioListener(key, fn);
  }

  /** The connection answering this stream now, for talk audio to go down. */
  linkOf(key: StreamKey): MediaLink | undefined {
    return this.upstreams.get(streamKeyId(key))?.link;
  }

  /** Sends a command to the terminal through this node's gateway. */
  command(phone: string, message: Jt808Message): Promise<CommandReply> {
    return this.host.sendCommand(phone, message);
  }

  /** Ends an upstream at once (talk stop): the terminal is told, the connection closed. */
  release(key: StreamKey): void {
    const up = this.upstreams.get(streamKeyId(key));
    if (up) this.releaseUpstream(up);
  }

  stats() {
    return {
      ...this.hub.stats(),
      upstreams: this.upstreams.size,
      mediaConnections: this.links.size,
      talks: this.talks.size,
      ...this.counters,
    };
  }

  /** Closes every media connection (the gateway stops). */
  close(): void {
    this.talks.closeAll();
    for (const up of this.upstreams.values()) if (up.timer) clearTimeout(up.timer);
    this.upstreams.clear();
    for (const link of this.links) link.socket.destroy();
  }

  private addressed<B extends { ip: string; tcpPort: number; udpPort: number }>(phone: string, body: B): B {
    if (body.ip !== '') return body;
    const o = this.options;
    const ip = o.advertiseHost || this.host.localAddressOf(phone) || '0.0.0.0';
    const tcpPort = o.advertisePort || this.host.ports.media;
    return { ...body, ip, tcpPort, udpPort: 0 };
  }

  /** The platform asked for this stream: wait for its connection, and close it if nobody comes to watch. */
  private expect(key: StreamKey): void {
    const id = streamKeyId(key);
    let up = this.upstreams.get(id);
    if (!up) {
      up = {
        key,
        requestedAt: requestOrder++,
        attached: false,
        timer: undefined,
        link: undefined,
        switchedAway: false,
      };
      this.upstreams.set(id, up);
    }
    up.switchedAway = false;
    if (this.hub.audienceOf(key) > 0) {
      up.attached = true;
      return;
    }
    // A repeated request (the console's retry) re-arms the wait.
    up.attached = false;
    this.arm(up);
  }

  private arm(up: Upstream): void {
    if (up.timer) clearTimeout(up.timer);
    up.timer = setTimeout(() => {
      up.timer = undefined;
      if (this.hub.audienceOf(up.key) > 0 || this.upstreams.get(streamKeyId(up.key)) !== up) return;
      this.counters.unattendedClosed++;
      this.releaseUpstream(up);
    }, this.options.requestTimeoutMs);
    up.timer.unref();
  }

  /** 0x9102 switch: the camera's live viewers move to the stream type asked for, without reconnecting. */
  private switchStream(sim: string, channel: number, to: number): void {
    const target: StreamKey = { sim, channel, streamType: to, kind: 'live' };
    this.expect(target);
    for (const [id, up] of this.upstreams) {
      const k = up.key;
      if (k.sim !== sim || k.channel !== channel || (k.kind ?? 'live') !== 'live' || k.streamType === to) continue;
      // The terminal closes the old stream's connection itself.
      up.switchedAway = true;
      const set = this.relays.get(id);
      for (const relay of set ? [...set] : []) {
        set?.delete(relay);
        this.addRelay(target, relay);
      }
    }
  }

  private bind(link: MediaLink, packet: RtpPacket): boolean {
    const sim = simKey(packet.sim);
    let best: Upstream | undefined;
    let handover: Upstream | undefined;
    for (const up of this.upstreams.values()) {
      if (up.key.sim !== sim || up.key.channel !== packet.channel || up.switchedAway) continue;
      if (!up.link) {
        if (!best || up.requestedAt < best.requestedAt) best = up;
      } else if (!handover || up.requestedAt > handover.requestedAt) handover = up;
    }
    const up = best ?? handover;
    if (!up) {
      this.counters.refusedConnections++;
      link.socket.destroy();
      return false;
    }
    // A terminal replacing its connection for a stream (a repeated request with other settings): the viewers stay.
    const previous = up.link;
    up.link = link;
    link.upstream = up;
    link.wireSim = packet.sim;
    previous?.socket.destroy();
    if (up.key.kind === 'talk') this.talks.connected(up.key);
    return true;
  }

  private linkClosed(link: MediaLink): void {
    const up = link.upstream;
    if (!up || up.link !== link) return;
    up.link = undefined;
    if (up.timer) clearTimeout(up.timer);
    const id = streamKeyId(up.key);
    if (this.upstreams.get(id) === up) this.upstreams.delete(id);
    this.relays.delete(id);
    this.clocks.forget(up.key);
    this.hub.end(up.key);
    if (up.key.kind === 'talk') this.talks.upstreamEnded(up.key);
  }

  private onActive(key: StreamKey): void {
    const up = this.upstreams.get(streamKeyId(key));
    if (up) {
      up.attached = true;
      if (up.timer) clearTimeout(up.timer);
      up.timer = undefined;
      return;
    }
    if ((key.kind ?? 'live') !== 'live') return;
    // A live viewer of a stream not (or no longer) requested: ask the terminal for it.
    const message: Jt808Message = {
      msgId: 0x9101,
      body: { ip: '', tcpPort: 0, udpPort: 0, channel: key.channel, dataType: 0, streamType: key.streamType },
    };
    this.host.sendCommand(key.sim, message).then(
      (reply) => {
        if (reply.msgId === 0x0001 && reply.body.result !== 0) this.refused(key);
      },
      (err: unknown) => {
        this.logger.info({ err, key }, 'live video request failed');
        this.refused(key);
      },
    );
  }

  private refused(key: StreamKey): void {
    const id = streamKeyId(key);
    const up = this.upstreams.get(id);
    if (up?.link) return;
    if (up) {
      if (up.timer) clearTimeout(up.timer);
      this.upstreams.delete(id);
    }
    this.relays.delete(id);
    this.hub.end(key);
  }

  private onIdle(key: StreamKey): void {
    const up = this.upstreams.get(streamKeyId(key));
    if (!up) return;
    this.counters.idleClosed++;
    this.releaseUpstream(up);
  }

  private releaseUpstream(up: Upstream): void {
    const id = streamKeyId(up.key);
    if (this.upstreams.get(id) !== up) return;
    this.upstreams.delete(id);
    if (up.timer) clearTimeout(up.timer);
    up.timer = undefined;
    const message = up.switchedAway ? undefined : this.closeMessage(up.key);
    if (message) {
      this.host.sendCommand(up.key.sim, message).catch((err: unknown) => {
        this.logger.info({ err, key: up.key }, 'closing an upstream: terminal did not answer');
      });
    }
    // Whatever the terminal does, we stop taking its packets for this stream.
    up.link?.socket.destroy();
  }

  private closeMessage(key: StreamKey): Jt808Message | undefined {
    const channel = key.channel;
    switch (key.kind ?? 'live') {
      case 'playback':
        return { msgId: 0x9202, body: { channel, control: 2, speed: 0, seekTime: NO_TIME } };
      case 'talk':
        return { msgId: 0x9102, body: { channel, command: 4, closeType: 0, switchStream: 0 } };
      default: {
        // 0x9102 close acts on the channel: while the other stream type of the camera is watched, only our
        // connection closes.
        for (const other of this.upstreams.values()) {
          const k = other.key;
          if (k.sim === key.sim && k.channel === channel && (k.kind ?? 'live') === 'live' && other.link)
            return undefined;
        }
        return { msgId: 0x9102, body: { channel, command: 0, closeType: 0, switchStream: 0 } };
      }
    }
  }
}

function parseKeyId(id: string): StreamKey {
  const [sim = '', channel = '0', streamType = '0', kind] = id.split('/');
  return {
    sim,
    channel: Number(channel),
    streamType: Number(streamType),
    kind: kind === 'playback' || kind === 'talk' ? kind : 'live',
  };
}
