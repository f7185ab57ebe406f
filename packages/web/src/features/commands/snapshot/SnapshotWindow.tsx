import type { WindowProps } from '../../../windows/window-kinds';

// Placeholder until issue 13's window lands.
export default function SnapshotWindow(_props: WindowProps['snapshot'] & { onClose: () => void }) {
  return null;
}
