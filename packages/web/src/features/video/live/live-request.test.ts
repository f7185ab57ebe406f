import type { LivePlayData, LivePlayResult } from '@headway/server/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/errors';
import { requestLive } from './live-request';

const row = { chn: 2, stream: 0 as const, audio: 1 as const, http: '/h', ws: '/w', pcm: null, expires_at: 1 };

function scripted(answers: (LivePlayResult | Error)[]) {
  const calls: LivePlayData[] = [];
  const play = async (data: LivePlayData) => {
    calls.push(data);
    const next = answers.shift();
    if (!next || next instanceof Error) throw next ?? new Error('no more');
    return next;
  };
  return { calls, play };
}

describe('requestLive', () => {
  const request = { imei: '1', chn: 2, audio: false, stream: 1 as const };

  it('sends the spec body and returns the channel row', async () => {
    const { calls, play } = scripted([{ rows: [row] }]);
    const attempts: number[] = [];
    const outcome = await requestLive(
      request,
      (a) => attempts.push(a),
      () => false,
      play,
    );
    expect(outcome).toEqual({ kind: 'row', row });
    expect(calls).toEqual([{ imei: '1', count: 1, chns: [{ chn: 2, audio: 0, stream: 1 }] }]);
    expect(attempts).toEqual([1]);
  });

  it('tries three times on empty rows, then says no service', async () => {
    const { calls, play } = scripted([{ rows: [] }, { rows: [] }, { rows: [] }]);
    expect(
      await requestLive(
        request,
        () => {},
        () => false,
        play,
      ),
    ).toEqual({ kind: 'noService' });
    expect(calls).toHaveLength(3);
  });

  it('retries a time-out and succeeds on the next try', async () => {
    const { play } = scripted([new ApiError(-1, 'timeout'), { rows: [row] }]);
    expect(
      await requestLive(
        request,
        () => {},
        () => false,
        play,
      ),
    ).toMatchObject({ kind: 'row' });
  });

  it('does not retry a refusal', async () => {
    const { calls, play } = scripted([new ApiError(1005, 'permission error')]);
    expect(
      await requestLive(
        request,
        () => {},
        () => false,
        play,
      ),
    ).toEqual({
      kind: 'failed',
      reason: 'permission error',
    });
    expect(calls).toHaveLength(1);
  });

  it('stops when the window closed meanwhile', async () => {
    let cancelled = false;
    const { calls, play } = scripted([{ rows: [] }, { rows: [row] }]);
    const outcome = await requestLive(
      request,
      (a) => {
        if (a === 2) cancelled = true;
      },
      () => cancelled,
      play,
    );
    expect(outcome).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
