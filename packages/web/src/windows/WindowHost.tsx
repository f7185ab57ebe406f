import { type ComponentType, lazy, Suspense } from 'react';
import i18n from '../i18n';
import type { Namespace } from '../i18n/namespaces';
import type { WindowKind, WindowProps } from './window-kinds';
import { closeWindow, useWindows } from './window-store';

type WindowComponent<K extends WindowKind> = ComponentType<WindowProps[K] & { onClose: () => void }>;

/** A window's chunk with its feature's strings beside it, so it never renders and then suspends. */
function load<K extends WindowKind>(
  namespace: Namespace,
  module: () => Promise<{ default: WindowComponent<K> }>,
): WindowComponent<K> {
  return lazy(async () => (await Promise.all([module(), i18n.loadNamespaces(namespace)]))[0]) as WindowComponent<K>;
}

const WINDOWS: { [K in WindowKind]: WindowComponent<K> } = {
  mapReplay: load('tracks', () => import('../features/tracks/map-replay/MapReplayWindow')),
  trace: load('tracks', () => import('../features/tracks/trace/TraceWindow')),
  emulatedReplay: load('lines', () => import('../features/lines/emulated-replay/EmulatedReplayWindow')),
  traffic: load('lines', () => import('../features/lines/traffic/TrafficWindow')),
  passengerChart: load('passengers', () => import('../features/passengers/PassengerChart')),
  chat: load('messages', () => import('../features/messages/chat/ChatWindow')),
  command: load('commands', () => import('../features/commands/command-window/CommandWindow')),
  snapshot: load('commands', () => import('../features/commands/snapshot/SnapshotWindow')),
  liveVideo: load('video', () => import('../features/video/live/LiveVideoWindow')),
  talk: load('video', () => import('../features/video/talk/TalkWindow')),
};

/** Mounted once in the shell: every open window, each its own lazy chunk and Suspense boundary. */
export function WindowHost() {
  const open = useWindows((s) => s.open);
  return (
    <>
      {open.map((w) => {
        const Window = WINDOWS[w.kind] as ComponentType<Record<string, unknown> & { onClose: () => void }>;
        return (
          <Suspense key={w.id} fallback={null}>
            <Window {...(w.props as unknown as Record<string, unknown>)} onClose={() => closeWindow(w.id)} />
          </Suspense>
        );
      })}
    </>
  );
}
