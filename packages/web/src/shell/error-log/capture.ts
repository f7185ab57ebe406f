import { ApiError } from '../../api/errors';
import { describe, useErrorLog } from './store';

/** Records window errors and unhandled promise rejections into the error log. */
export function installErrorCapture(): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = describe(event.error ?? event.message);
    useErrorLog.getState().add({
      message: message || event.message,
      info: `window.onerror ${event.filename}:${event.lineno}:${event.colno}`,
      stack,
    });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    // API failures were already shown to the user; a lapsed session is not a client error (spec section 8).
    if (event.reason instanceof ApiError) return;
    const { message, stack } = describe(event.reason);
    useErrorLog.getState().add({ message, info: 'unhandledrejection', stack });
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
