import type { AlarmBody } from '@headway/server/contract';

// Placeholder signature (the evidence helper replaces this file): the SOS modal for one alarm.
export interface SosModalProps {
  alarm: AlarmBody;
  onClose: () => void;
}

export default function SosModal(_props: SosModalProps) {
  return null;
}
