import { App as AntApp } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { pushFeedback } from './feedback-stack';

function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => pushFeedback({ message, modal, notification }), [message, modal, notification]);
  return null;
}

/**
 * antd's App (message, modal and notification holders, App.useApp() for the components inside) wired to the
 * request client, which shows failures through it (spec section 8). Loaded with what needs it, not with the
 * login page: the shell, the session check of a reload, the expired-password dialog.
 */
export function FeedbackApp({ children }: { children?: ReactNode }) {
  return (
    <AntApp component={children ? 'div' : false}>
      <FeedbackBridge />
      {children}
    </AntApp>
  );
}
