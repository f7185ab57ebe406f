import { MESSAGE_REPLY_POLL } from '@headway/spec';

// Spec section 4 "Chat message": a send's reply count is fetched every 3 s, at most 3 times, and only while fewer
// vehicles answered than it went out to. The count is the message log's replied rows (send_state 2) of the send's
// uuid within ±5 min of the send.

export interface ReplyPollInput {
  uuid: string;
  /** Epoch seconds. */
  sendTime: number;
  /** Vehicles the text went out to. */
  sent: number;
  /** Replies known when the poll starts (the send's own answer). */
  replied: number;
}

/** The message-log query of a send's replies. */
export function replyQuery(input: Pick<ReplyPollInput, 'uuid' | 'sendTime'>) {
  return {
    data: input.uuid,
    send_state: 2,
    start_time: input.sendTime - MESSAGE_REPLY_POLL.windowSeconds,
    end_time: input.sendTime + MESSAGE_REPLY_POLL.windowSeconds,
  };
}

/**
 * Fetches the reply count on the spec's schedule, reporting each count; returns the stop (the window closed). A
 * failed fetch counts as one of the three and leaves the count as it was.
 */
export function pollReplies(
  input: ReplyPollInput,
  fetchCount: (query: ReturnType<typeof replyQuery>) => Promise<number>,
  onCount: (replied: number) => void,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fetches = 0;
  let replied = input.replied;
  const query = replyQuery(input);
  const tick = async () => {
    fetches++;
    try {
      const count = await fetchCount(query);
      if (stopped) return;
      replied = count;
      onCount(count);
    } catch {
      // Counted; the next fetch may do better.
    }
    schedule();
  };
  const schedule = () => {
    if (stopped || replied >= input.sent || fetches >= MESSAGE_REPLY_POLL.maxFetches) return;
    timer = setTimeout(() => void tick(), MESSAGE_REPLY_POLL.intervalMs);
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
