import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Empty, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { targetName } from '../labels';
import type { ChatMessage } from './use-conversation';

/** The own messages of this window, oldest first, each with its reply line; the newest kept in view. */
export function Conversation({ messages }: { messages: readonly ChatMessage[] }) {
  const { t, i18n } = useTranslation('messages');
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a message is added
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  if (messages.length === 0) {
    return (
      <div className="hw-chat-list hw-chat-list--empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />
      </div>
    );
  }
  return (
    <div ref={box} className="hw-chat-list" aria-live="polite">
      {messages.map((m) => {
        const pending = m.replied !== m.sent;
        return (
          <div key={m.uuid} className="hw-chat-item">
            <div className="hw-chat-item__meta">
              {m.target && <Tag>{targetName(m.target, i18n.language)}</Tag>}
              <time dateTime={dayjs.unix(m.sendTime).toISOString()}>{dayjs.unix(m.sendTime).format('HH:mm:ss')}</time>
            </div>
            <div className="hw-chat-bubble" data-testid="chat-message" data-uuid={m.uuid}>
              {m.msg}
            </div>
            <div
              className={pending ? 'hw-chat-reply hw-chat-reply--pending' : 'hw-chat-reply'}
              data-testid="chat-reply-line"
              data-sent={m.sent}
              data-replied={m.replied}
            >
              {pending ? (
                <WarningOutlined aria-label={t('messages.reply.pending')} />
              ) : (
                <CheckCircleOutlined aria-label={t('messages.reply.done')} />
              )}
              <span>{t('messages.reply.line', { sent: m.sent, replied: m.replied })}</span>
              {m.queued > 0 && <span>{t('messages.reply.queued', { queued: m.queued })}</span>}
              {m.missed > 0 && <span>{t('messages.reply.missed', { missed: m.missed })}</span>}
            </div>
          </div>
        );
      })}
    </div>
  );
}
