import { Select, type SelectProps } from 'antd';

const BY_LABEL = { optionFilterProp: 'label' } as const;

export interface FilterSelectProps<V> extends Omit<SelectProps<V>, 'mode' | 'maxTagCount'> {
  /** Several values, as tags folded to the select's width. */
  multiple?: boolean;
  /** Names a select that stands without a form label: its placeholder and its accessible name. */
  label?: string;
}

/**
 * A choice in the alarm and evidence filters (line, vehicle, alarm type): clearable, searched by the options'
 * labels. Props given (a placeholder of its own, say) win over these.
 */
export function FilterSelect<V>({ multiple, label, ...props }: FilterSelectProps<V>) {
  return (
    <Select<V>
      allowClear
      showSearch={BY_LABEL}
      placeholder={label}
      aria-label={label}
      {...(multiple ? { mode: 'multiple', maxTagCount: 'responsive' } : {})}
      {...props}
    />
  );
}
