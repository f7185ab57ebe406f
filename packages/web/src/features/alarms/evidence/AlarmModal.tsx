import type { AlarmBody } from '@headway/server/contract';

// Placeholder signature (the evidence helper replaces this file): the alarm modal for one alarm.
export interface AlarmModalProps {
  alarm: AlarmBody;
  onClose: () => void;
}

export default function AlarmModal(_props: AlarmModalProps) {
  return null;
}
