import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { alarmCentre, useAlarmCentre } from './centre-store';

/** Spec section 9: the alarm badge is capped at 99 ("99+"). */
export const BADGE_CAP = 99;

/** The navbar's alarm counter: unread alarms, opening the alarm dialog. */
export default function AlarmCounter() {
  const { t } = useTranslation('alarms');
  const unread = useAlarmCentre((s) => s.unread);
  const label = t('alarms.counter.label', { count: unread });
  return (
    <Tooltip title={label} placement="bottom">
      <Button type="text" aria-label={label} onClick={() => alarmCentre.openList(true)} data-testid="alarm-counter">
        <Badge count={unread} size="small" overflowCount={BADGE_CAP}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
