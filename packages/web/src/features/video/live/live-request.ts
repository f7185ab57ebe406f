import { LIVE_VIDEO_REPEAT } from '@headway/spec';
import { ApiError } from '../../../api/errors';
import { type LivePlayRow, videoApi } from '../api';

// One window's live video request (spec section 9 "live video repeat 3, time-out 38000 ms"): up to three tries,
// each waiting up to 38 s; an answer with no rows is "reqLiveVideo -> no service" once the tries are spent.

export interface LiveRequest {
  imei: string;
  chn: number;
  audio: boolean;
  stream: 0 | 1;
}

export type LiveOutcome =
  | { kind: 'row'; row: LivePlayRow }
  | { kind: 'noService' }
  | { kind: 'failed'; reason: string };

export async function requestLive(
  request: LiveRequest,
  onAttempt: (attempt: number) => void,
  isCancelled: () => boolean,
  play: typeof videoApi.livePlay = videoApi.livePlay,
): Promise<LiveOutcome | null> {
  let last: LiveOutcome = { kind: 'noService' };
  for (let attempt = 1; attempt <= LIVE_VIDEO_REPEAT; attempt++) {
    if (isCancelled()) return null;
    onAttempt(attempt);
    try {
      const { rows } = await play({
        imei: request.imei,
        count: 1,
        chns: [{ chn: request.chn, audio: request.audio ? 1 : 0, stream: request.stream }],
      });
      if (isCancelled()) return null;
      const row = rows.find((r) => r.chn === request.chn) ?? rows[0];
      if (row) return { kind: 'row', row };
      last = { kind: 'noService' };
    } catch (error) {
      // A refusal (no permission, not found, bad parameter) will not change on a retry.
      if (error instanceof ApiError && [1004, 1005, 1008].includes(error.code)) {
        return { kind: 'failed', reason: error.message };
      }
      last = { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
    }
  }
  return isCancelled() ? null : last;
}
