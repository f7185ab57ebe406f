import { describe, expect, it } from 'vitest';
import {
  isActive,
  KICKED_OUT_CLOSE_CODE,
  microphoneError,
  parseServerState,
  TALK_INIT,
  type TalkEvent,
  type TalkState,
  talkReducer,
} from './talk-machine';

const run = (events: TalkEvent[], from: TalkState = TALK_INIT) => events.reduce(talkReducer, from);

describe('talkReducer', () => {
  it('init → connecting → connected → talking, and the terminal hanging up disconnects', () => {
    expect(run([{ type: 'start' }])).toEqual({ kind: 'connecting' });
    expect(run([{ type: 'start' }, { type: 'server', state: 'connected' }])).toEqual({ kind: 'connected' });
    const talking = run([
      { type: 'start' },
      { type: 'server', state: 'connected' },
      { type: 'server', state: 'talking' },
    ]);
    expect(talking).toEqual({ kind: 'talking' });
    expect(talkReducer(talking, { type: 'server', state: 'disconnected' })).toEqual({ kind: 'disconnected' });
    expect(talkReducer(talking, { type: 'closed', code: 1006 })).toEqual({ kind: 'disconnected' });
  });

  it('busy and timeout from the server end the call', () => {
    expect(run([{ type: 'start' }, { type: 'server', state: 'busy' }])).toEqual({ kind: 'busy' });
    expect(run([{ type: 'start' }, { type: 'server', state: 'timeout' }])).toEqual({ kind: 'timeout' });
  });

  it('the connect time-out fires only while connecting', () => {
    expect(run([{ type: 'start' }, { type: 'expired' }])).toEqual({ kind: 'timeout' });
    expect(run([{ type: 'start' }, { type: 'server', state: 'connected' }, { type: 'expired' }])).toEqual({
      kind: 'connected',
    });
  });

  it('hanging up is cancel; once ended, late socket events change nothing', () => {
    const cancelled = run([{ type: 'start' }, { type: 'server', state: 'connected' }, { type: 'hangUp' }]);
    expect(cancelled).toEqual({ kind: 'cancel' });
    expect(talkReducer(cancelled, { type: 'closed' })).toEqual({ kind: 'cancel' });
    expect(talkReducer(cancelled, { type: 'server', state: 'talking' })).toEqual({ kind: 'cancel' });
    expect(talkReducer(TALK_INIT, { type: 'hangUp' })).toBe(TALK_INIT);
  });

  it('errors: microphone before connecting, socket during a call; a kick-out close is its own error', () => {
    expect(run([{ type: 'fail', error: 'noMicrophone' }])).toEqual({ kind: 'error', error: 'noMicrophone' });
    expect(run([{ type: 'start' }, { type: 'fail', error: 'socketError' }])).toEqual({
      kind: 'error',
      error: 'socketError',
    });
    expect(run([{ type: 'start' }, { type: 'closed', code: KICKED_OUT_CLOSE_CODE }])).toEqual({
      kind: 'error',
      error: 'kickedOut',
    });
    // A close after the error does not hide it.
    expect(run([{ type: 'start' }, { type: 'fail', error: 'wssUrlNull' }, { type: 'closed' }])).toEqual({
      kind: 'error',
      error: 'wssUrlNull',
    });
  });

  it('start again after an end; start during a call is ignored', () => {
    expect(run([{ type: 'start' }, { type: 'server', state: 'busy' }, { type: 'start' }])).toEqual({
      kind: 'connecting',
    });
    const connected = run([{ type: 'start' }, { type: 'server', state: 'connected' }]);
    expect(talkReducer(connected, { type: 'start' })).toBe(connected);
    expect(isActive(connected)).toBe(true);
    expect(isActive({ kind: 'busy' })).toBe(false);
  });
});

describe('microphoneError', () => {
  const named = (name: string) => new DOMException('x', name);
  it('maps getUserMedia failures to the spec texts', () => {
    expect(microphoneError(named('NotAllowedError'), true)).toBe('permissionDenied');
    expect(microphoneError(named('NotFoundError'), true)).toBe('noMicrophone');
    expect(microphoneError(named('NotReadableError'), true)).toBe('noMicrophone');
    expect(microphoneError(new TypeError('no mediaDevices'), false)).toBe('httpsRequired');
    expect(microphoneError(new Error('odd'), true)).toBe('codecUnsupported');
  });
});

describe('parseServerState', () => {
  it('reads the state frames and ignores anything else', () => {
    expect(parseServerState('{"state":"talking"}')).toBe('talking');
    expect(parseServerState('{"state":"dancing"}')).toBeNull();
    expect(parseServerState('not json')).toBeNull();
    expect(parseServerState('null')).toBeNull();
  });
});
