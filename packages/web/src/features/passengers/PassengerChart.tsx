import type { WindowProps } from '../../windows/window-kinds';

// Placeholder until its feature work lands (issue 12).
export default function Window(_props: WindowProps['passengerChart'] & { onClose: () => void }) {
  return null;
}
