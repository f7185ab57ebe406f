import {
  type DecodedMessage,
  epochToLocalTime,
  type Jt808Header,
  type LocationReport,
  ParamId,
  paramValue,
} from '@headway/protocol';
import { answerDriverText } from '../commands/messages/driver-reply.ts';
import { takeSnapshotUpload } from '../commands/snapshots/intake.ts';
import { toStoredPosition } from '../tracks/position-row.ts';
import { REPLY_MSG_IDS } from './commands.ts';
import { findDevice, registerDevice } from './devices.ts';
import type { TerminalSession } from './session.ts';

type Message = Extract<DecodedMessage, { kind: 'message' }>;

const GENERAL = { ok: 0, failed: 1 } as const;

/**
 * What the platform does with each terminal message (reference §2.1 for who answers what). Returns a promise
 * only for steps that must finish before the next frame of this terminal is read (registration, auth).
 */
export function handleMessage(
  session: TerminalSession,
  m: Message,
  receivedAt: number,
  reassembled = false,
): Promise<void> | undefined {
  const { header } = m;
  if (m.msgId === 0x0100) return register(session, m.header, m.body);
  if (m.msgId === 0x0102) return authenticate(session, m.header, m.body.token);

  if (!session.authenticated) {
    // §2.4: a terminal must authenticate before anything else. Fail it; it re-authenticates and resends.
    if (!REPLY_MSG_IDS.has(m.msgId)) session.respond(header, GENERAL.failed);
    return undefined;
  }

  switch (m.msgId) {
    case 0x0200:
      ingest(session, header, [m.body], receivedAt);
      return undefined;
    case 0x0704:
      ingest(session, header, m.body.locations, receivedAt);
      return undefined;
    case 0x0002:
      session.respond(header);
      return undefined;
    case 0x0003:
      session.respond(header);
      session.close('logout', true);
      return undefined;
    case 0x6006:
      return answerDriverText(session, header, m.body, !reassembled);
    case 0x0004:
      // 2019 time query: answered in UTC (§2.2).
      session.reply(header, { msgId: 0x8004, body: { time: epochToLocalTime(Math.floor(Date.now() / 1000), 0) } });
      return undefined;
    case 0x0104: {
      // The terminal told us its heartbeat interval: the idle timeout follows it.
      const hb = paramValue(m.body.params, ParamId.heartbeatInterval);
      if (typeof hb === 'number' && hb > 0) session.idleMs = hb * session.host.options.idleHeartbeats * 1000;
      session.settle(m);
      return undefined;
    }
    case 0x0801:
      // A picture (commands/snapshots): stored, then answered with 0x8800 rather than 0x8001.
      takeSnapshotUpload(session, header, m.body);
      return undefined;
    default:
      if (REPLY_MSG_IDS.has(m.msgId)) {
        session.settle(m);
        return undefined;
      }
      // Other uploads (media events, pass-through, driver ID…) are acknowledged; later issues consume them.
      // A reassembled message was already acknowledged fragment by fragment.
      if (!reassembled) session.respond(header);
      return undefined;
  }
}

function ingest(session: TerminalSession, header: Jt808Header, reports: LocationReport[], receivedAt: number): void {
  const device = session.device;
  if (!device || !session.phone) return;
  const source = {
    companyId: device.companyId,
    // The registry's form of the phone, not the header's: a 2019 terminal sends 20 BCD digits with leading zeros,
    // and ingest, the live map and track queries all key vehicles by devices.terminal_phone.
    terminalPhone: device.terminalPhone,
    vehicleId: device.vehicleId,
    utcOffsetMinutes: session.host.options.utcOffsetMinutes,
    receiveTime: Math.floor(Date.now() / 1000),
  };
  // The ack is released by the writer after the commit; a closed session simply gets none and resends.
  session.host.writer.enqueue({
    positions: reports.map((r) => toStoredPosition(r, source)),
    receivedAt,
    ack: () => session.respond(header),
  });
}

function versionOf(header: Jt808Header, bodyLength: number): 2011 | 2013 | 2019 {
  if (header.versionFlag) return 2019;
  // The 2011 layout of 0x0100 has a 25-byte fixed part, 2013 has 37 (§2.3).
  return bodyLength < 37 ? 2011 : 2013;
}

async function register(
  session: TerminalSession,
  header: Jt808Header,
  body: Extract<Message, { msgId: 0x0100 }>['body'],
): Promise<void> {
  const version = versionOf(header, header.bodyLength);
  session.phone ??= header.phone;
  const r = await registerDevice(session.host.db, header.phone, body, String(version), Math.floor(Date.now() / 1000));
  session.reply(header, {
    msgId: 0x8100,
    body: { replyFlowId: header.flowId, result: r.result, ...(r.authCode ? { token: r.authCode } : {}) },
  });
}

async function authenticate(session: TerminalSession, header: Jt808Header, token: string): Promise<void> {
  const device = await findDevice(session.host.db, header.phone);
  if (!device || device.authCode === '' || device.authCode !== token) {
    session.respond(header, GENERAL.failed);
    session.host.log.warn('auth', { phone: header.phone, remote: session.remote }, 'terminal authentication failed');
    session.close('authentication failed', true);
    return;
  }
  session.phone = header.phone;
  session.version = header.versionFlag ? 2019 : device.protocolVersion === '2011' ? 2011 : 2013;
  // Devices that set bit 14 with 2013 bodies or send 2011 bodies decode by what they registered as (§1.2).
  if (session.version === 2011) session.decodeOptions.version = 2011;
  session.device = device;
  session.host.attach(session);
  session.respond(header);
}
