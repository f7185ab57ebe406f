import { MESSAGE_REPLY_POLL } from '@headway/spec';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollReplies, replyQuery } from './reply-poll';

const SEND_TIME = 1_800_000_000;
const { intervalMs } = MESSAGE_REPLY_POLL;

describe('the reply poll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the message log for the send’s replies within ±5 min', () => {
    expect(replyQuery({ uuid: 'u1', sendTime: SEND_TIME })).toEqual({
      data: 'u1',
      send_state: 2,
      start_time: SEND_TIME - 300,
      end_time: SEND_TIME + 300,
    });
  });

  it('fetches every 3 s and stops after 3 fetches while replies stay short', async () => {
    const fetchCount = vi.fn(async () => 1);
    const counts: number[] = [];
    pollReplies({ uuid: 'u1', sendTime: SEND_TIME, sent: 3, replied: 0 }, fetchCount, (n) => counts.push(n));
    await vi.advanceTimersByTimeAsync(intervalMs - 1);
    expect(fetchCount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(fetchCount).toHaveBeenCalledTimes(3);
    expect(counts).toEqual([1, 1, 1]);
  });

  it('stops as soon as every vehicle replied', async () => {
    const answers = [1, 2, 2];
    const fetchCount = vi.fn(async () => answers.shift() ?? 0);
    const counts: number[] = [];
    pollReplies({ uuid: 'u1', sendTime: SEND_TIME, sent: 2, replied: 0 }, fetchCount, (n) => counts.push(n));
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    expect(counts).toEqual([1, 2]);
  });

  it('does not poll a send already answered, or one that reached no vehicle', async () => {
    const fetchCount = vi.fn(async () => 0);
    pollReplies({ uuid: 'u1', sendTime: SEND_TIME, sent: 2, replied: 2 }, fetchCount, () => {});
    pollReplies({ uuid: 'u2', sendTime: SEND_TIME, sent: 0, replied: 0 }, fetchCount, () => {});
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(fetchCount).not.toHaveBeenCalled();
  });

  it('counts a failed fetch as one of the three and keeps the last count', async () => {
    const fetchCount = vi.fn(async () => {
      throw new Error('offline');
    });
    const counts: number[] = [];
    pollReplies({ uuid: 'u1', sendTime: SEND_TIME, sent: 2, replied: 1 }, fetchCount, (n) => counts.push(n));
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(fetchCount).toHaveBeenCalledTimes(3);
    expect(counts).toEqual([]);
  });

  it('stops when the window closes', async () => {
    const fetchCount = vi.fn(async () => 0);
    const stop = pollReplies({ uuid: 'u1', sendTime: SEND_TIME, sent: 2, replied: 0 }, fetchCount, () => {});
    await vi.advanceTimersByTimeAsync(intervalMs);
    stop();
    await vi.advanceTimersByTimeAsync(intervalMs * 10);
    expect(fetchCount).toHaveBeenCalledTimes(1);
  });
});
