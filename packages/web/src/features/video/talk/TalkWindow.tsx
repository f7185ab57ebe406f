import { AudioMutedOutlined, AudioOutlined, PhoneOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WindowProps } from '../../../windows/window-kinds';
import { formatBytes } from './format-bytes';
import { isActive, TALK_INIT, talkReducer } from './talk-machine';
import { type TalkCounters, TalkSession } from './talk-session';
import '../video.css';
import { ToolWindow } from '../../../windows/ToolWindow';

/** The talk channel: JT/T 1078 logical channel 1 (spec "Talk open {imei, chn 1}"). */
const TALK_CHANNEL = 1;

/**
 * The talk window (182×210, spec section 4): call and hang up, the call's state and the spec's error texts, a
 * microphone level and the bytes each way. Closing the window hangs up.
 */
export default function TalkWindow({ vehicle, onClose }: WindowProps['talk'] & { onClose: () => void }) {
  const { t } = useTranslation('video');
  const [state, dispatch] = useReducer(talkReducer, TALK_INIT);
  const [counters, setCounters] = useState<TalkCounters>({ sent: 0, received: 0, level: 0 });
  const session = useRef<TalkSession | null>(null);
  const active = isActive(state);

  useEffect(() => () => session.current?.hangUp(), []);

  const call = () => {
    session.current?.hangUp();
    setCounters({ sent: 0, received: 0, level: 0 });
    const next = new TalkSession(vehicle.imei, TALK_CHANNEL, dispatch, setCounters);
    session.current = next;
    void next.start();
  };
  const hangUp = () => session.current?.hangUp();
  const text = state.kind === 'error' ? t(`video.talk.error.${state.error}`) : t(`video.talk.state.${state.kind}`);

  return (
    <ToolWindow
      open
      width={182}
      centered
      mask={false}
      footer={null}
      onCancel={onClose}
      title={t('video.talk.title', { name: vehicle.car_name })}
      className="hw-talk-window"
      data-testid="talk-window"
    >
      <div
        className="hw-talk"
        data-testid="talk-state"
        data-state={state.kind}
        data-error={state.kind === 'error' ? state.error : undefined}
        data-sent={counters.sent}
        data-received={counters.received}
      >
        <div className={`hw-talk__icon hw-talk__icon--${state.kind}`} aria-hidden>
          {state.kind === 'error' ? <AudioMutedOutlined /> : <AudioOutlined />}
        </div>
        <div className="hw-talk__text" role="status">
          {text}
        </div>
        <Progress
          percent={active ? Math.min(100, Math.round(counters.level * 300)) : 0}
          showInfo={false}
          size="small"
          aria-label={t('video.talk.level')}
        />
        <div className="hw-talk__bytes">
          <span>{t('video.talk.sent', { bytes: formatBytes(counters.sent) })}</span>
          <span>{t('video.talk.received', { bytes: formatBytes(counters.received) })}</span>
        </div>
        {active ? (
          <Button
            danger
            type="primary"
            block
            icon={<PhoneOutlined rotate={225} />}
            onClick={hangUp}
            data-testid="talk-hang-up"
          >
            {t('video.talk.hangUp')}
          </Button>
        ) : (
          <Button type="primary" block icon={<PhoneOutlined />} onClick={call} data-testid="talk-call">
            {t('video.talk.start')}
          </Button>
        )}
      </div>
    </ToolWindow>
  );
}
