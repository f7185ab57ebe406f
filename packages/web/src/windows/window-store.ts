import { create } from 'zustand';
import { onSessionReset } from '../auth/session-store';
import type { WindowKind, WindowProps } from './window-kinds';

// Which windows are open. Several may be (a trace of one bus beside the replay of another); opening a kind for
// the same vehicle again brings that one back instead of stacking a copy.

export interface OpenWindow<K extends WindowKind = WindowKind> {
  id: number;
  kind: K;
  props: WindowProps[K];
}

interface WindowState {
  open: OpenWindow[];
}

export const useWindows = create<WindowState>(() => ({ open: [] }));

let nextId = 1;

function sameTarget(a: OpenWindow, kind: WindowKind, props: WindowProps[WindowKind]): boolean {
  return a.kind === kind && JSON.stringify(a.props) === JSON.stringify(props);
}

export function openWindow<K extends WindowKind>(kind: K, props: WindowProps[K]): void {
  const { open } = useWindows.getState();
  const existing = open.find((w) => sameTarget(w, kind, props));
  // Re-opening moves it last (rendered on top).
  const rest = open.filter((w) => w !== existing);
  useWindows.setState({ open: [...rest, existing ?? { id: nextId++, kind, props }] });
}

export function closeWindow(id: number): void {
  useWindows.setState((s) => ({ open: s.open.filter((w) => w.id !== id) }));
}

// Logout closes every window (spec: a modal closes when the token disappears).
onSessionReset(() => useWindows.setState({ open: [] }));
