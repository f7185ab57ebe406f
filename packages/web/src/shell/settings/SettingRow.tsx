import type { ReactNode } from 'react';

export function SettingRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="hw-setting-row">
      <span className="hw-setting-row__label">{label}</span>
      <span className="hw-setting-row__control">{children}</span>
    </div>
  );
}
