import { Switch } from 'antd';
import { useId } from 'react';

export interface LabelledSwitchProps {
  checked: boolean;
  onChange: (on: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}

/** A small switch with its text beside it; the text is the switch's label (clicking it toggles). */
export function LabelledSwitch({ checked, onChange, label, disabled, testId }: LabelledSwitchProps) {
  const id = useId();
  return (
    <span className="hw-track-bar__switch">
      <Switch id={id} size="small" checked={checked} disabled={disabled} onChange={onChange} data-testid={testId} />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}
