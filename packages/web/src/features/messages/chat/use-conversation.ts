import type { QueueOption, SendMessageResult } from '@headway/server/contract';
import { CommandStateCode, type MessageTarget } from '@headway/spec';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messagesApi } from '../api';
import { newUuid } from './new-uuid';
import { pollReplies } from './reply-poll';

// The window's conversation: each send becomes an own message with its reply line (spec: "sending adds an own
// message plus a pending reply line with send count and reply count"), whose reply count is then polled.

export interface ChatMessage {
  uuid: string;
  msg: string;
  /** Epoch seconds, the console's clock (the reply window is ±5 min around it). */
  sendTime: number;
  target: MessageTarget;
  /** Vehicles the text went out to. */
  sent: number;
  replied: number;
  /** Kept for offline terminals. */
  queued: number;
  /** Vehicles neither reached nor queued (refused, not reachable). */
  missed: number;
}

export interface Draft {
  carIds: number[];
  msg: string;
  flag: number[];
  target: MessageTarget;
  queue?: QueueOption;
}

function messageOf(draft: Draft, uuid: string, sendTime: number, result: SendMessageResult): ChatMessage {
  const missed = result.rows.filter(
    (r) => r.send_state === CommandStateCode.refused || r.send_state === CommandStateCode.unreachable,
  ).length;
  return {
    uuid,
    msg: draft.msg,
    sendTime,
    target: draft.target,
    sent: result.send_count,
    replied: result.reply_count,
    queued: result.queued_count,
    missed,
  };
}

async function replyCount(query: Parameters<typeof messagesApi.replies>[0]): Promise<number> {
  return (await messagesApi.replies(query)).total;
}

/** Sends and the messages sent in this window, their reply counts kept current while the window is open. */
export function useConversation(onSent?: () => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const client = useQueryClient();
  const polls = useRef(new Map<string, () => void>());

  const send = useMutation({
    mutationFn: async (draft: Draft) => {
      const uuid = newUuid();
      const sendTime = Math.floor(Date.now() / 1000);
      const result = await messagesApi.send({
        car_list: draft.carIds,
        msg: draft.msg,
        uuid,
        flag: draft.flag,
        target: draft.target,
        ...(draft.queue ? { queue: draft.queue } : {}),
      });
      return messageOf(draft, uuid, sendTime, result);
    },
    onSuccess: (message) => {
      setMessages((list) => [...list, message]);
      void client.invalidateQueries({ queryKey: ['messages', 'history'] });
      onSent?.();
    },
  });

  const setReplied = useCallback((uuid: string, replied: number) => {
    setMessages((list) => list.map((m) => (m.uuid === uuid ? { ...m, replied: Math.max(m.replied, replied) } : m)));
  }, []);

  // Each message is polled once, from its send until it is answered or its fetches are used up.
  useEffect(() => {
    for (const m of messages) {
      if (polls.current.has(m.uuid)) continue;
      polls.current.set(
        m.uuid,
        pollReplies(m, replyCount, (replied) => setReplied(m.uuid, replied)),
      );
    }
  }, [messages, setReplied]);
  useEffect(
    () => () => {
      for (const stop of polls.current.values()) stop();
      polls.current.clear();
    },
    [],
  );

  return { messages, send: send.mutate, sending: send.isPending };
}
