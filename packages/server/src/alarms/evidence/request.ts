import type { Jt808Message } from '@headway/protocol';
import type { Logger } from 'pino';
import type { Gateway } from '../../gateway/gateway.ts';
import { ApiError, ErrorCode } from '../../kernel/errors.ts';
import type { AlarmListener, SafetyIdent } from '../body.ts';
import { alarmNumber, protocolIdent } from './alarm-key.ts';
import { DEFAULT_EVIDENCE_OPTIONS, type EvidenceOptions } from './options.ts';

/** The gateway as the requester uses it: this node's sessions only (cross-node routing is the commands issue's). */
export type RequestGateway = Pick<Gateway, 'sendCommand' | 'isOnline' | 'localAddressOf' | 'ports'>;

/** 0x9208 in flight beyond which new alarms' requests are skipped (an alarm storm; the console can ask again). */
const MAX_PENDING = 500;

/**
 * Asks terminals for an alarm's evidence (T/JSATL 12 0x9208): where the attachment server is, the alarm
 * identification as the terminal sent it, and our alarm number (alarm-key.ts) that its upload will carry back.
 */
export class EvidenceRequester {
  private readonly options: EvidenceOptions;
  private pending = 0;

  constructor(
    private readonly gateway: RequestGateway,
    private readonly logger: Logger,
    options: Partial<EvidenceOptions> = {},
  ) {
    this.options = { ...DEFAULT_EVIDENCE_OPTIONS, ...options };
  }

  /**
   * Sends 0x9208 and waits for the terminal's 0x0001. Offline, no answer in time, or refused: ApiError 1101 (the
   * spec's device-command failure).
   */
  async request(phone: string, alarmId: number, ident: SafetyIdent): Promise<void> {
    const ip = this.options.publicHost || this.gateway.localAddressOf(phone);
    if (!ip) throw new ApiError(ErrorCode.processing, null, `terminal ${phone} is offline`);
    const message: Jt808Message = {
      msgId: 0x9208,
      body: {
        ip,
        tcpPort: this.options.publicPort || this.gateway.ports.attachments,
        udpPort: 0,
        alarmIdent: protocolIdent(ident),
        alarmNo: alarmNumber(alarmId),
        reserved: new Uint8Array(16),
      },
    };
    const reply = await this.gateway.sendCommand(phone, message, { timeoutMs: this.options.requestTimeoutMs });
    const result = reply.msgId === 0x0001 ? reply.body.result : undefined;
    if (result !== 0) throw new ApiError(ErrorCode.processing, { result }, 'terminal refused 0x9208');
  }

  /**
   * For the alarm writer's listeners: every new alarm that announces attachments and carries an identification
   * is asked for at once, if its terminal is connected to this node.
   */
  readonly onAlarms: AlarmListener = (alarms) => {
    for (const alarm of alarms) {
      if (!alarm.ident || alarm.body.attached_count <= 0) continue;
      if (!this.gateway.isOnline(alarm.terminalPhone)) continue;
      if (this.pending >= MAX_PENDING) {
        this.logger.warn({ alarmKey: alarm.body.alarm_key }, 'too many evidence requests in flight; skipped');
        continue;
      }
      this.pending++;
      this.request(alarm.terminalPhone, alarm.body.id, alarm.ident)
        .catch((err: unknown) =>
          this.logger.info({ err, alarmKey: alarm.body.alarm_key }, 'evidence request (0x9208) not answered'),
        )
        .finally(() => this.pending--);
    }
  };
}
