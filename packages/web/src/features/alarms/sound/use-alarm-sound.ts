import { useEffect, useMemo, useState } from 'react';
import { useSettings } from '../../../shell/settings/use-settings';
import { AlarmSound, type AudioLike } from './alarm-sound';

/**
 * Plays the user's alarm sound while `active`. `blocked` says the browser refused before a user gesture; `unlock`,
 * called from a click, plays it.
 */
export function useAlarmSound(active: boolean, createAudio?: (url: string) => AudioLike) {
  const name = useSettings((s) => s.alarm_sound);
  const [blocked, setBlocked] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one player for the component's life; the sound's name follows below
  const sound = useMemo(() => new AlarmSound(name, { onBlocked: setBlocked, createAudio }), []);
  useEffect(() => () => sound.dispose(), [sound]);
  useEffect(() => sound.setSound(name), [sound, name]);
  useEffect(() => sound.setActive(active), [sound, active]);
  return { blocked: active && blocked, unlock: () => sound.unlock() };
}
