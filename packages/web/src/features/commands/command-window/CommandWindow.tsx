import type { WindowProps } from '../../../windows/window-kinds';

// Placeholder until issue 13's window lands.
export default function CommandWindow(_props: WindowProps['command'] & { onClose: () => void }) {
  return null;
}
