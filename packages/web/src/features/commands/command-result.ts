import { ErrorCode } from '@headway/spec';
import { App } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR, SESSION_CODES } from '../../api/errors';
import { codeMessage, reactToFailure } from '../../api/react-to-failure';

// Spec section 8 "Device command result": code 0 is success; 1101 (the terminal is offline or did not answer in
// time) shows an error dialog titled "read" with the not-reachable text; any other code a dialog with the default
// text; a network failure only clears the loading state. The calls are silent so the window chooses.

export type CommandFailure =
  | { kind: 'quiet' }
  | { kind: 'unreachable' }
  | { kind: 'session'; code: number; msg: string }
  | { kind: 'refused'; code: number; msg: string };

/** How the console reacts to a failed command call. */
export function commandFailureOf(error: unknown): CommandFailure {
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR) return { kind: 'quiet' };
  if (error.code === ErrorCode.processing) return { kind: 'unreachable' };
  // Sign-in and clock problems are the whole console's, not this command's: the usual reaction applies.
  if (SESSION_CODES.has(error.code) || error.code === ErrorCode.timestampSkew) {
    return { kind: 'session', code: error.code, msg: error.message };
  }
  return { kind: 'refused', code: error.code, msg: error.message };
}

/** Shows a failed command's dialog (nothing for a network failure). */
export function useCommandFailure(): (error: unknown) => void {
  const { t } = useTranslation('commands');
  const { modal } = App.useApp();
  return useCallback(
    (error: unknown) => {
      const failure = commandFailureOf(error);
      if (failure.kind === 'unreachable') {
        modal.error({
          title: t('commands.read'),
          content: t('commands.result.unreachable'),
          okText: t('commands.ok'),
        });
      } else if (failure.kind === 'refused') {
        modal.error({
          title: t('commands.result.failed'),
          content: codeMessage(failure.code, failure.msg),
          okText: t('commands.ok'),
        });
      } else if (failure.kind === 'session') {
        reactToFailure(failure.code, failure.msg);
      }
    },
    [t, modal],
  );
}

/**
 * One command at a time per window (spec section 6: "command buttons are disabled while a read or write is in
 * progress"): `run` marks the window busy, runs the call, reports a failure and answers undefined for it.
 */
export function useCommandRunner() {
  const report = useCommandFailure();
  const [busy, setBusy] = useState<string | null>(null);
  const running = useRef(false);
  const run = useCallback(
    async <T>(what: string, call: () => Promise<T>): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(what);
      try {
        return await call();
      } catch (error) {
        report(error);
        return undefined;
      } finally {
        running.current = false;
        setBusy(null);
      }
    },
    [report],
  );
  return { busy, run };
}

/** The window's runner, handed to its panels. */
export type CommandRun = ReturnType<typeof useCommandRunner>;
