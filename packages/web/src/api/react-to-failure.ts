import { clearSession, readSession } from '../auth/session-cookie';
import i18n from '../i18n';
import { KNOWN_CODES, NETWORK_ERROR, SESSION_CODES } from './errors';
import { feedback } from './feedback';

// Spec section 8 "Response handling": the console's reaction to a failed call.

let confirmOpen = false;

export function codeMessage(code: number, serverMsg: string): string {
  if ((KNOWN_CODES as readonly number[]).includes(code)) return i18n.t(`errorCode.${code}`);
  return serverMsg || i18n.t('errorCode.unknown');
}

export function reactToFailure(code: number, serverMsg: string): void {
  const ui = feedback();
  if (code === NETWORK_ERROR) {
    ui?.message.error(i18n.t('request.networkError'), 5);
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
