import type { WindowProps } from '../../../windows/window-kinds';

// Placeholder until issue 13's window lands.
export default function ChatWindow(_props: WindowProps['chat'] & { onClose: () => void }) {
  return null;
}
