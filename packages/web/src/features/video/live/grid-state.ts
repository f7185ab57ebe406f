import type { VideoSplit } from '@headway/spec';
import type { Camera } from '../channels';
import { splitFor } from '../grid/layouts';
import type { VideoSlot } from './VideoCell';

// What the grid shows: the view and the channel in each window. Pure, so the channel buttons' rules are tested.

export interface GridState {
  split: VideoSplit;
  /** Window i's channel (index < split), or null when empty. */
  slots: (VideoSlot | null)[];
  selected: number;
  nextKey: number;
}

export function initialGrid(split: VideoSplit = 4): GridState {
  return { split, slots: [], selected: 0, nextKey: 1 };
}

function slotFor(camera: Camera, key: number, stream: 0 | 1 = 0): VideoSlot {
  return { key, chn: camera.chn, name: camera.name, audio: camera.audio, stream };
}

/**
 * A channel button: a channel already open is left as it is (it is selected); else it goes to the selected window
 * when that is empty, else to the first empty window, else it replaces the selected window's channel.
 */
export function openChannel(state: GridState, camera: Camera): GridState {
  const open = state.slots.findIndex((s, i) => i < state.split && s?.chn === camera.chn);
  if (open >= 0) return { ...state, selected: open };
  const slots = state.slots.slice(0, state.split);
  let target = state.selected < state.split && !slots[state.selected] ? state.selected : -1;
  if (target < 0) {
    target = Array.from({ length: state.split }, (_, i) => i).find((i) => !slots[i]) ?? state.selected;
  }
  slots[target] = slotFor(camera, state.nextKey);
  return { ...state, slots, selected: (target + 1) % state.split, nextKey: state.nextKey + 1 };
}

/** Open all: every camera in order, in a view big enough for them. */
export function openAll(state: GridState, cameras: readonly Camera[]): GridState {
  const split = cameras.length > state.split ? splitFor(cameras.length) : state.split;
  const slots = cameras.slice(0, split).map((c, i) => slotFor(c, state.nextKey + i));
  return { split, slots, selected: 0, nextKey: state.nextKey + slots.length };
}

export function setSplit(state: GridState, split: VideoSplit): GridState {
  // Windows beyond the new view close (their viewers leave).
  return { ...state, split, slots: state.slots.slice(0, split), selected: Math.min(state.selected, split - 1) };
}

export function closeSlot(state: GridState, index: number): GridState {
  const slots = [...state.slots];
  slots[index] = null;
  return { ...state, slots, selected: index };
}

export function clearAll(state: GridState): GridState {
  return { ...state, slots: [], selected: 0 };
}

export function setStream(state: GridState, index: number, stream: 0 | 1): GridState {
  const slot = state.slots[index];
  if (!slot) return state;
  const slots = [...state.slots];
  slots[index] = { ...slot, stream, key: state.nextKey };
  return { ...state, slots, nextKey: state.nextKey + 1 };
}
