import type { AlarmBody } from '@headway/server/contract';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmText } from '../alarm-text';
import { AlarmHeader } from './AlarmHeader';
import './evidence.css';

interface AlarmModalFrameProps {
  alarm: AlarmBody;
  onClose: () => void;
  /** The body's class and test id: each modal lays out its panes itself. */
  className: string;
  testId: string;
  /** The title's own class (the SOS modal's is red). */
  titleClassName?: string;
  /** Buttons before Close. */
  actions?: ReactNode;
  children: ReactNode;
}

/** What the alarm modal and the SOS modal share: the 1100 px dialog titled with vehicle and type, the header, Close. */
export function AlarmModalFrame({
  alarm,
  onClose,
  className,
  testId,
  titleClassName,
  actions,
  children,
}: AlarmModalFrameProps) {
  const { t } = useTranslation('safety');
  const text = useAlarmText();
  const title = t('safety.evidence.title', { vehicle: alarm.car_name || alarm.lpn || '--', type: text(alarm) });
  return (
    <Modal
      open
      width={1100}
      centered
      title={titleClassName ? <span className={titleClassName}>{title}</span> : title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <>
          {actions}
          <Button type="primary" onClick={onClose}>
            {t('safety.close')}
          </Button>
        </>
      }
    >
      <div className={className} data-testid={testId}>
        <AlarmHeader alarm={alarm} />
        {children}
      </div>
    </Modal>
  );
}
