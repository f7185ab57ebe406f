// The talk window's states (spec section 4 "talk (182×210)": init, connecting, connected, talking, busy, cancel,
// disconnected, timeout) and the errors of section 8 "Talk errors", as a pure reducer so every transition is
// tested without a microphone or a socket. The session (talk-session.ts) feeds it events; the window renders it.

export type TalkError =
  | 'noMicrophone'
  | 'permissionDenied'
  | 'httpsRequired'
  | 'codecUnsupported'
  | 'crossOrigin'
  | 'socketError'
  | 'kickedOut'
  | 'wssUrlNull'
  | 'requestFailed';

export type TalkState =
  | { kind: 'init' }
  | { kind: 'connecting' }
  | { kind: 'connected' }
  | { kind: 'talking' }
  | { kind: 'busy' }
  | { kind: 'cancel' }
  | { kind: 'disconnected' }
  | { kind: 'timeout' }
  | { kind: 'error'; error: TalkError };

export type TalkEvent =
  | { type: 'start' }
  /** A JSON text frame from the talk socket. */
  | { type: 'server'; state: 'connected' | 'talking' | 'busy' | 'disconnected' | 'timeout' }
  | { type: 'closed'; code?: number }
  | { type: 'fail'; error: TalkError }
  /** Nothing from the server within the connect time-out. */
  | { type: 'expired' }
  | { type: 'hangUp' };

export const TALK_INIT: TalkState = { kind: 'init' };

/** A call is going on (the microphone and the socket are held). */
export function isActive(state: TalkState): boolean {
  return state.kind === 'connecting' || state.kind === 'connected' || state.kind === 'talking';
}

/** WebSocket close code a server uses when the same talk is taken over elsewhere (RFC 6455 4000–4999: private). */
export const KICKED_OUT_CLOSE_CODE = 4001;

export function talkReducer(state: TalkState, event: TalkEvent): TalkState {
  switch (event.type) {
    case 'start':
      return isActive(state) ? state : { kind: 'connecting' };
    case 'hangUp':
      return isActive(state) ? { kind: 'cancel' } : state;
    case 'fail':
      return isActive(state) || state.kind === 'init' ? { kind: 'error', error: event.error } : state;
    case 'expired':
      return state.kind === 'connecting' ? { kind: 'timeout' } : state;
    case 'closed':
      if (!isActive(state)) return state;
      return event.code === KICKED_OUT_CLOSE_CODE ? { kind: 'error', error: 'kickedOut' } : { kind: 'disconnected' };
    case 'server':
      if (!isActive(state)) return state;
      return { kind: event.state };
  }
}

/** A getUserMedia failure as the spec's error (DOMException names from the Media Capture spec). */
export function microphoneError(error: unknown, secureContext: boolean): TalkError {
  if (!secureContext) return 'httpsRequired';
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'permissionDenied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'NotReadableError':
    case 'AbortError':
      return 'noMicrophone';
    default:
      return 'codecUnsupported';
  }
}

/** Parses a talk socket text frame; anything else is ignored (null). */
export function parseServerState(text: string): Extract<TalkEvent, { type: 'server' }>['state'] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('state' in parsed)) return null;
    const { state } = parsed as { state: unknown };
    return state === 'connected' ||
      state === 'talking' ||
      state === 'busy' ||
      state === 'disconnected' ||
      state === 'timeout'
      ? state
      : null;
  } catch {
    return null;
  }
}
