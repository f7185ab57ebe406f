import type { PcmFrame, StreamKey } from '../media/index.ts';
import type { MediaService } from './media-service.ts';
import { TalkPacketizer } from './talk-packets.ts';

/** The talk socket's status messages (docs/api.md "Video", talk WebSocket). */
export type TalkState = 'connected' | 'talking' | 'busy' | 'disconnected' | 'timeout';

/** The browser's end of a talk: its WebSocket. */
export interface TalkPeer {
  sendAudio(pcm: Int16Array): void;
  sendState(state: TalkState): void;
  close(): void;
}

interface Talk {
  key: StreamKey;
  peer: TalkPeer;
  packetizer: TalkPacketizer | undefined;
  talking: boolean;
  connected: boolean;
  timer: NodeJS.Timeout | undefined;
  unlisten: (() => void) | undefined;
  ended: boolean;
}

/**
 * Two-way talk, one per terminal at a time (a second browser gets "busy"): 0x9101 with data type 2; the terminal
 * opens a talk connection to the media port; the browser's G.711A goes down it as JT/T 1078 audio packets and the
 * terminal's audio comes back decoded to PCM. Closing either side sends 0x9102 control 4.
 */
export class TalkRegistry {
  private readonly talks = new Map<string, Talk>();

  constructor(
    private readonly service: MediaService,
    private readonly connectTimeoutMs: number,
  ) {}

  get size(): number {
    return this.talks.size;
  }

  isBusy(sim: string): boolean {
    return this.talks.has(sim);
  }

  /** Opens a talk for the browser `peer`; answers "busy" when the terminal already talks with someone. */
  start(phone: string, key: StreamKey, peer: TalkPeer): { fromBrowser(g711a: Uint8Array): void; stop(): void } {
    if (this.talks.has(key.sim)) {
      peer.sendState('busy');
      peer.close();
      return { fromBrowser: () => {}, stop: () => {} };
    }
    const talk: Talk = {
      key,
      peer,
      packetizer: undefined,
      talking: false,
      connected: false,
      timer: undefined,
      unlisten: undefined,
      ended: false,
    };
    this.talks.set(key.sim, talk);
    talk.timer = setTimeout(() => this.end(talk, 'timeout'), this.connectTimeoutMs);
    talk.timer.unref();
    // The request registers the talk stream (MediaService.prepare) before the listener counts as its audience.
    const request = this.service.command(phone, {
      msgId: 0x9101,
      body: { ip: '', tcpPort: 0, udpPort: 0, channel: key.channel, dataType: 2, streamType: 0 },
    });
    talk.unlisten = this.service.addAudioListener(key, (frame: PcmFrame) => peer.sendAudio(frame.samples));
    request.then(
      (reply) => {
        if (reply.msgId === 0x0001 && reply.body.result !== 0) this.end(talk, 'disconnected');
      },
      () => this.end(talk, 'disconnected'),
    );
    return {
      fromBrowser: (g711a) => this.fromBrowser(talk, g711a),
      stop: () => this.end(talk, undefined),
    };
  }

  /** The terminal's talk connection is up. */
  connected(key: StreamKey): void {
    const talk = this.talks.get(key.sim);
    if (!talk || talk.ended || talk.key.channel !== key.channel) return;
    const link = this.service.linkOf(key);
    talk.connected = true;
    if (talk.timer) clearTimeout(talk.timer);
    talk.timer = undefined;
    talk.packetizer = new TalkPacketizer(link?.wireSim ?? key.sim.padStart(12, '0'), key.channel);
    talk.peer.sendState('connected');
  }

  /** The terminal closed its talk connection. */
  upstreamEnded(key: StreamKey): void {
    const talk = this.talks.get(key.sim);
    if (talk && talk.key.channel === key.channel) this.end(talk, 'disconnected');
  }

  /** Stops the talk with this terminal, if any (talk/stop, live control 4). */
  stop(sim: string, channel: number): boolean {
    const talk = this.talks.get(sim);
    if (!talk || talk.key.channel !== channel) return false;
    this.end(talk, 'disconnected');
    return true;
  }

  closeAll(): void {
    for (const talk of [...this.talks.values()]) this.end(talk, 'disconnected');
  }

  private fromBrowser(talk: Talk, g711a: Uint8Array): void {
    if (talk.ended || !talk.packetizer || g711a.length === 0) return;
    const link = this.service.linkOf(talk.key);
    if (!link) return;
    for (const packet of talk.packetizer.packets(g711a)) link.socket.write(packet);
    if (!talk.talking) {
      talk.talking = true;
      talk.peer.sendState('talking');
    }
  }

  private end(talk: Talk, state: TalkState | undefined): void {
    if (talk.ended) return;
    talk.ended = true;
    if (talk.timer) clearTimeout(talk.timer);
    if (this.talks.get(talk.key.sim) === talk) this.talks.delete(talk.key.sim);
    talk.unlisten?.();
    this.service.release(talk.key);
    if (state) talk.peer.sendState(state);
    talk.peer.close();
  }
}
