import { HistoryOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../../../windows/window-kinds';
import { useCanSendMessages } from '../access';
import { ChatVehicleTree } from './ChatVehicleTree';
import { Composer } from './Composer';
import { Conversation } from './Conversation';
import { HistoryPanel } from './HistoryPanel';
import { useConversation } from './use-conversation';
import '../messages.css';
import { ToolWindow } from '../../../windows/ToolWindow';

/** Spec section 4: 800×550, 1150 wide with the history panel open. */
const WIDTH = 800;
const WIDTH_WITH_HISTORY = 1150;
const BODY_HEIGHT = 470;

/**
 * The chat window (spec section 4 "Chat modal", issue 13 "Dispatch messages"): vehicles on the left (those it was
 * opened for ticked), the conversation and the text box in the centre, today's sent messages on the right when
 * asked. Sending needs edit on the live map or the line map; without it the window only reads.
 */
export default function ChatWindow({ vehicles, onClose }: WindowProps['chat'] & { onClose: () => void }) {
  const { t } = useTranslation('messages');
  const canSend = useCanSendMessages();
  const [checked, setChecked] = useState<Set<number>>(() => new Set(vehicles.map((v) => v.car_id)));
  const [history, setHistory] = useState(false);
  const { messages, send, sending } = useConversation();

  return (
    <ToolWindow
      open
      centered
      width={history ? WIDTH_WITH_HISTORY : WIDTH}
      title={t('messages.title')}
      footer={null}
      onCancel={onClose}
      styles={{ body: { height: BODY_HEIGHT, overflow: 'hidden' } }}
      data-testid="chat-window"
    >
      <div className="hw-chat">
        <ChatVehicleTree checked={checked} onCheck={setChecked} height={BODY_HEIGHT - 64} />
        <section className="hw-chat__main">
          {!canSend && <Alert type="info" showIcon className="hw-chat__readonly" title={t('messages.readOnly')} />}
          <Conversation messages={messages} />
          <Composer
            carIds={[...checked]}
            canSend={canSend}
            sending={sending}
            onSend={(draft, done) => send(draft, { onSuccess: done })}
            tools={
              <Button
                size="small"
                type={history ? 'primary' : 'default'}
                icon={<HistoryOutlined />}
                aria-pressed={history}
                onClick={() => setHistory((h) => !h)}
                data-testid="chat-history-toggle"
              >
                {t('messages.history')}
              </Button>
            }
          />
        </section>
        {history && <HistoryPanel />}
      </div>
    </ToolWindow>
  );
}
