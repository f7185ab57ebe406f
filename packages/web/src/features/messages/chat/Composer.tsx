import { DownOutlined, SendOutlined, SnippetsOutlined } from '@ant-design/icons';
import { MESSAGE_DEFAULT_FLAGS, MESSAGE_MAX_BYTES, type MessageTarget, QUEUE_EXPIRY_HOURS } from '@headway/spec';
import { Button, Checkbox, Dropdown, Input, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flagOptions, TARGETS, targetName } from '../labels';
import { SnippetDialog } from '../snippets/SnippetDialog';
import { gbkBytes } from './gbk-bytes';
import type { Draft } from './use-conversation';

interface ComposerProps {
  carIds: readonly number[];
  /** Edit on the live map or the line map (spec section 6: chat send and send options need edit). */
  canSend: boolean;
  sending: boolean;
  /** `done` clears the text once the send went out; a failed send keeps it for another try. */
  onSend: (draft: Draft, done: () => void) => void;
  /** The window's own buttons, at the toolbar's end. */
  tools?: ReactNode;
}

const DEFAULT_EXPIRY = 24;

/**
 * The text box with its options: flags (0x8300 bits, 2 and 3 by default), the queue choice for offline vehicles
 * (beyond the spec, with an expiry), snippets, and Send, a split button whose menu picks the target.
 */
export function Composer({ carIds, canSend, sending, onSend, tools }: ComposerProps) {
  const { t, i18n } = useTranslation('messages');
  const [text, setText] = useState('');
  const [flags, setFlags] = useState<number[]>(() => [...MESSAGE_DEFAULT_FLAGS]);
  const [queue, setQueue] = useState(false);
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [snippets, setSnippets] = useState(false);

  const msg = text.trim();
  const tooLong = gbkBytes(msg) > MESSAGE_MAX_BYTES;
  // Spec: blank text or no vehicle sends nothing.
  const ready = canSend && !sending && msg !== '' && !tooLong && carIds.length > 0;
  const why = !canSend
    ? t('messages.noEdit')
    : carIds.length === 0
      ? t('messages.noVehicle')
      : msg === ''
        ? t('messages.noText')
        : tooLong
          ? t('messages.tooLong', { max: MESSAGE_MAX_BYTES })
          : undefined;

  const send = (target: MessageTarget) => {
    if (!ready) return;
    onSend(
      {
        carIds: [...carIds],
        msg,
        flag: [...flags].sort((a, b) => a - b),
        target,
        ...(queue ? { queue: { expire_hours: expiry } } : {}),
      },
      () => setText(''),
    );
  };

  return (
    <div className="hw-chat-composer">
      <div className="hw-chat-composer__tools">
        <Select
          mode="multiple"
          size="small"
          className="hw-chat-composer__flags"
          maxTagCount="responsive"
          value={flags}
          onChange={setFlags}
          options={flagOptions(i18n.language)}
          disabled={!canSend}
          placeholder={t('messages.flags')}
          aria-label={t('messages.flags')}
          data-testid="chat-flags"
        />
        <Tooltip title={t('messages.queue.hint')}>
          <Checkbox
            checked={queue}
            disabled={!canSend}
            onChange={(e) => setQueue(e.target.checked)}
            data-testid="chat-queue"
          >
            {t('messages.queue.label')}
          </Checkbox>
        </Tooltip>
        <Select
          size="small"
          className="hw-chat-composer__expiry"
          value={expiry}
          onChange={setExpiry}
          disabled={!canSend || !queue}
          aria-label={t('messages.queue.expiry')}
          options={QUEUE_EXPIRY_HOURS.map((h) => ({ value: h, label: t('messages.queue.hours', { hours: h }) }))}
          data-testid="chat-queue-expiry"
        />
        <span className="hw-chat-composer__spacer" />
        <Button
          size="small"
          icon={<SnippetsOutlined />}
          disabled={!canSend}
          onClick={() => setSnippets(true)}
          data-testid="chat-snippets"
        >
          {t('messages.snippets')}
        </Button>
        {tools}
      </div>
      <Input.TextArea
        className="hw-chat-composer__text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            send('');
          }
        }}
        disabled={!canSend}
        placeholder={t('messages.placeholder')}
        aria-label={t('messages.placeholder')}
        count={{ show: true, max: MESSAGE_MAX_BYTES, strategy: gbkBytes }}
        status={tooLong ? 'error' : undefined}
        data-testid="chat-input"
      />
      <div className="hw-chat-composer__actions">
        <span className="hw-chat-composer__why">{why}</span>
        <Space.Compact>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!ready}
            loading={sending}
            onClick={() => send('')}
            data-testid="chat-send"
          >
            {t('messages.send')}
          </Button>
          <Dropdown
            disabled={!ready}
            trigger={['click']}
            menu={{
              items: TARGETS.map((target) => ({
                key: `target-${target}`,
                label: t('messages.sendTo', { target: targetName(target, i18n.language) }),
                'data-testid': `chat-send-${target || 'dispatch'}`,
              })),
              onClick: ({ key }) => send(key.slice('target-'.length) as MessageTarget),
            }}
          >
            <Button
              type="primary"
              icon={<DownOutlined />}
              disabled={!ready}
              aria-label={t('messages.target')}
              data-testid="chat-send-targets"
            />
          </Dropdown>
        </Space.Compact>
      </div>
      {snippets && <SnippetDialog canEdit={canSend} onPick={(s) => setText(s)} onClose={() => setSnippets(false)} />}
    </div>
  );
}
