import { encodeFrames, epochToLocalTime, type Jt808Message, makeLocation, type Param } from '@headway/protocol';
import type { Received, TestTerminal } from '../../../gateway/testing/terminal.ts';

// A test terminal that answers the command window's calls with real frames, as a device would: it keeps the
// parameters it is sent, reports fixed attributes and capabilities, and answers a snapshot with 0x0805 and the
// picture as a multi-packet 0x0801.

export interface TerminalBehaviour {
  params: Map<number, Param['value']>;
  /** 0x0001 result for 0x8103 and 0x8105 (0 ok, 1 failed, 3 unsupported). */
  generalResult: number;
  /** 0x0805 result (2: no such channel). */
  snapshotResult: number;
  /** The picture a snapshot uploads; none: the terminal answers 0x0805 and never uploads. */
  picture: Uint8Array | undefined;
  /** Commands seen, in order. */
  seen: Received[];
}

let nextMediaId = 7000;
/** Fragment flow ids of uploads, apart from the TestTerminal's own counter. */
let uploadFlowId = 0x4000;

export const TERMINAL_ATTRIBUTES = {
  terminalType: 0b0000_0001,
  maker: 'HWAY1',
  model: 'BUS-808',
  terminalId: 'T000001',
  iccid: '89860012345678901234',
  hwVersion: 'HW1.2',
  fwVersion: 'FW3.4.5',
  gnssAttr: 0b0011,
  commAttr: 0b0010_0001,
} as const;

export const TERMINAL_AV = {
  audioCodec: 6,
  audioChannels: 1,
  audioSampleRate: 0,
  audioSampleBits: 1,
  audioFrameLength: 320,
  audioOutput: 1,
  videoCodec: 98,
  maxAudioChannels: 2,
  maxVideoChannels: 4,
} as const;

/** Uploads a picture as 0x0801 in fragments of `fragment` bytes, as terminals do (JT/T 808 §8.52). */
export function uploadPicture(
  terminal: TestTerminal,
  picture: Uint8Array,
  opts: { mediaId: number; channel: number; event: number; epoch: number; fragment?: number },
): void {
  const message: Jt808Message = {
    msgId: 0x0801,
    body: {
      mediaId: opts.mediaId,
      mediaType: 0,
      format: 0,
      event: opts.event,
      channel: opts.channel,
      location: makeLocation({ lat: 22.543, lng: 114.057, time: epochToLocalTime(opts.epoch, 480) }),
      data: picture,
    },
  };
  const frames = encodeFrames(message, {
    version: terminal.version,
    phone: terminal.phone,
    flowId: uploadFlowId,
    maxBodyLength: opts.fragment ?? 1000,
  });
  uploadFlowId = (uploadFlowId + frames.length) & 0xffff;
  for (const frame of frames) terminal.write(frame);
}

export function answerCommands(terminal: TestTerminal, initial: Partial<TerminalBehaviour> = {}): TerminalBehaviour {
  const behaviour: TerminalBehaviour = {
    params: new Map<number, Param['value']>([
      [0x0001, 30],
      [0x0013, '10.0.0.1'],
      [0x0018, 7611],
      [0x0029, 10],
      [0x005b, 50],
      [0x0080, 123_456],
      [0x0083, '粤B12345'],
      [0x0075, new Uint8Array([1, 2, 3, 0xfe])],
    ]),
    generalResult: 0,
    snapshotResult: 0,
    picture: undefined,
    seen: [],
    ...initial,
  };
  const general = (m: Received) =>
    terminal.send({
      msgId: 0x0001,
      body: { replyFlowId: m.header.flowId, replyMsgId: m.msgId, result: behaviour.generalResult },
    });
  const paramsAnswer = (m: Received, ids: number[]) => {
    const params = ids.flatMap((id) => {
      const value = behaviour.params.get(id);
      return value === undefined ? [] : [{ id, value }];
    });
    terminal.send({ msgId: 0x0104, body: { replyFlowId: m.header.flowId, paramCount: params.length, params } });
  };

  terminal.onMessage = (m) => {
    if (m.msgId === 0x8001) return;
    behaviour.seen.push(m);
    switch (m.msgId) {
      case 0x8104:
        paramsAnswer(m, [...behaviour.params.keys()]);
        return;
      case 0x8106:
        paramsAnswer(m, m.body.ids);
        return;
      case 0x8103:
        if (behaviour.generalResult === 0) for (const p of m.body.params) behaviour.params.set(p.id, p.value);
        general(m);
        return;
      case 0x8105:
        general(m);
        return;
      case 0x8107:
        terminal.send({ msgId: 0x0107, body: { ...TERMINAL_ATTRIBUTES } });
        return;
      case 0x9003:
        terminal.send({ msgId: 0x1003, body: { ...TERMINAL_AV } });
        return;
      case 0x8801: {
        const mediaId = nextMediaId++;
        const ok = behaviour.snapshotResult === 0;
        terminal.send({
          msgId: 0x0805,
          body: { replyFlowId: m.header.flowId, result: behaviour.snapshotResult, mediaIds: ok ? [mediaId] : [] },
        });
        if (ok && behaviour.picture) {
          uploadPicture(terminal, behaviour.picture, {
            mediaId,
            channel: m.body.channel,
            event: 0,
            epoch: Math.floor(Date.now() / 1000),
          });
        }
        return;
      }
      default:
    }
  };
  return behaviour;
}
