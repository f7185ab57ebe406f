import { ErrorCode, errorOf, labelIn } from '@headway/spec';
import { clearSession, readSession } from '../auth/session-cookie';
import i18n from '../i18n';
import { NETWORK_ERROR, SESSION_CODES } from './errors';
import { feedback } from './feedback';

// Spec section 8 "Response handling": the console's reaction to a failed call.

let confirmOpen = false;
let clockOpen = false;

/** The catalogue's message for a code in the console's language (the server's `msg` is the same text). */
export function codeMessage(code: number, serverMsg: string): string {
  const known = errorOf(code) ?? (serverMsg ? undefined : errorOf(ErrorCode.unknown));
  return known ? labelIn(known.message, i18n.language) : serverMsg;
}

export function reactToFailure(code: number, serverMsg: string): void {
  const ui = feedback();
  if (code === NETWORK_ERROR) {
    ui?.message.error(i18n.t('request.networkError'), 5);
    return;
  }
  if (code === ErrorCode.timestampSkew) {
    // 1002 "machine time wrong": logging in again would sign with the same wrong clock, so the session stays and
    // the user is told what to fix (once at a time, however many calls fail).
    if (clockOpen || !ui) return;
    clockOpen = true;
    ui.modal.warning({
      title: i18n.t('request.clockTitle'),
      content: i18n.t('request.clockText'),
      okText: i18n.t('common.ok'),
      afterClose: () => {
        clockOpen = false;
      },
    });
    return;
  }
  if (SESSION_CODES.has(code)) {
    if (!readSession() || confirmOpen || !ui) return;
    confirmOpen = true;
    ui.modal.confirm({
      title: i18n.t('request.sessionTitle'),
      content: codeMessage(code, serverMsg),
      okText: i18n.t('request.loginAgain'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => {
        clearSession();
        window.location.reload();
      },
      afterClose: () => {
        confirmOpen = false;
      },
    });
    return;
  }
  ui?.message.error(codeMessage(code, serverMsg), 5);
}
