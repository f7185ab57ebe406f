import { SNAPSHOT_DEFAULTS, SNAPSHOT_RANGES, SNAPSHOT_RESOLUTIONS, type SnapshotResolution } from '@headway/spec';
import type { SnapshotData } from '../api';

// The snapshot form (spec section 9 "Snapshot resolutions"; 0x8801): its defaults and what it sends.

export interface SnapshotSettings {
  chn: number;
  resolution: SnapshotResolution;
  quality: number;
  light: number;
  contrast: number;
  saturation: number;
  shades: number;
}

/** Channel 1, 1024×768, quality 5 (spec); the picture settings at the terminal's own 0. */
export function defaultSettings(channels: readonly number[]): SnapshotSettings {
  const chn = channels.length === 0 || channels.includes(SNAPSHOT_DEFAULTS.channel) ? 1 : (channels[0] as number);
  return {
    chn,
    resolution: SNAPSHOT_DEFAULTS.resolution,
    quality: SNAPSHOT_DEFAULTS.quality,
    light: 0,
    contrast: 0,
    saturation: 0,
    shades: 0,
  };
}

/** One camera of the vehicle: its logical channel and the name the vehicle record gives it. */
export interface Camera {
  chn: number;
  name: string;
}

/**
 * The vehicle's cameras from its record's channel list (spec vehicle entity: names separated by commas, a name
 * ending in `*` has no audio; "CH1,CH2,CH3,CH4*"): the n-th name is logical channel n. None when unknown.
 */
export function camerasOf(channel: string | undefined): Camera[] {
  const { max } = SNAPSHOT_RANGES.channel;
  return (channel ?? '')
    .split(',')
    .map((raw, i) => ({ chn: i + 1, name: raw.trim().replace(/\*$/, '') }))
    .filter((c) => c.name !== '' && c.chn <= max);
}

export function resolutionLabel(code: SnapshotResolution): string {
  const { width, height } = SNAPSHOT_RESOLUTIONS[code];
  return `${width}×${height}`;
}

/** One picture, uploaded at once (spec "Media snapshot {imei, chn, cmd 1, interval 0, flag 0, …}"). */
export function snapshotRequest(imei: string, settings: SnapshotSettings): SnapshotData {
  return { imei, cmd: 1, interval: 0, flag: 0, ...settings };
}
