import { useSyncExternalStore } from 'react';
import type { PlaybackEngine, PlaybackState } from '../engine';

/**
 * One value of the engine's state for a component that shows it: the component re-renders only when that value
 * changes (`pick` must return a primitive), so the play button does not re-render on every tick while the timeline
 * does. Map markers subscribe to the engine directly, without React.
 */
export function usePlayback<T extends string | number | boolean>(
  engine: PlaybackEngine,
  pick: (state: PlaybackState) => T,
): T {
  return useSyncExternalStore(
    (onChange) => engine.subscribe(onChange),
    () => pick(engine.snapshot),
  );
}
