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

/** The vehicle's camera channels from its base info ("1,2,3,4"), none when unknown. */
export function channelsOf(channel: string | undefined): number[] {
  const { min, max } = SNAPSHOT_RANGES.channel;
  const found = (channel ?? '').match(/\d+/g) ?? [];
  const channels = found.map(Number).filter((n) => n >= min && n <= max);
  return [...new Set(channels)].sort((a, b) => a - b);
}

export function resolutionLabel(code: SnapshotResolution): string {
  const { width, height } = SNAPSHOT_RESOLUTIONS[code];
  return `${width}×${height}`;
}

/** One picture, uploaded at once (spec "Media snapshot {imei, chn, cmd 1, interval 0, flag 0, …}"). */
export function snapshotRequest(imei: string, settings: SnapshotSettings): SnapshotData {
  return { imei, cmd: 1, interval: 0, flag: 0, ...settings };
}
