import {
  epochToLocalTime,
  type LocalTime,
  localTimeToEpoch,
  type QueryResources,
  type ResourceItem,
} from '@headway/protocol';

/**
 * What the simulated recorder holds (JT/T 1078 §5.6.1, 0x9205 → 0x1205): every camera records all the time in
 * 10-minute files (as DVRs cut them), kept for three days; the file being written now is not listed yet. All are
 * audio+video, main stream, main storage, no alarm flags; the size is that of the capture's bit rate.
 */
export const RECORDING_FILE_SECONDS = 600;
export const RECORDING_RETENTION_SECONDS = 3 * 86_400;
/** Items per answer at most: 0x1205 is fragmented beyond ~36 items; a month-long query must not flood the link. */
export const MAX_LISTED = 1024;

export interface RecorderOptions {
  /** Camera channels 1…n (0x1003 announces 4). */
  channels: number;
  /** Epoch seconds now. */
  now: number;
  utcOffsetMinutes: number;
  /** Bytes per second of a recording (the capture's rate). */
  bytesPerSecond: number;
}

/** The recordings matching a query, channel by channel, oldest first. */
export function listRecordings(q: QueryResources, o: RecorderOptions): ResourceItem[] {
  // Filters we cannot meet: alarm recordings (none here), audio-only files, sub stream, backup storage.
  if (q.alarmFlags !== 0 || q.videoAlarmFlags !== 0) return [];
  if (q.avType === 1 || q.streamType === 2 || q.storageType === 2) return [];
  const newest = Math.floor(o.now / RECORDING_FILE_SECONDS) * RECORDING_FILE_SECONDS;
  const oldest = newest - RECORDING_RETENTION_SECONDS;
  // An all-zero (or invalid) time is "no bound" (table 26).
  const from = Math.max(oldest, bound(q.start, o.utcOffsetMinutes) ?? oldest);
  const to = Math.min(newest, bound(q.end, o.utcOffsetMinutes) ?? newest);
  const channels = q.channel === 0 ? Array.from({ length: o.channels }, (_, i) => i + 1) : [q.channel];
  const items: ResourceItem[] = [];
  for (const channel of channels) {
    if (channel < 1 || channel > o.channels) continue;
    const first = Math.floor(from / RECORDING_FILE_SECONDS) * RECORDING_FILE_SECONDS;
    for (let t = first; t < to && items.length < MAX_LISTED; t += RECORDING_FILE_SECONDS) {
      if (t + RECORDING_FILE_SECONDS <= from) continue;
      items.push({
        channel,
        start: epochToLocalTime(t, o.utcOffsetMinutes),
        end: epochToLocalTime(t + RECORDING_FILE_SECONDS, o.utcOffsetMinutes),
        alarmFlags: 0,
        videoAlarmFlags: 0,
        avType: 0,
        streamType: 1,
        storageType: 1,
        size: Math.round(RECORDING_FILE_SECONDS * o.bytesPerSecond),
      });
    }
  }
  return items;
}

function bound(time: LocalTime, utcOffsetMinutes: number): number | undefined {
  return localTimeToEpoch(time, utcOffsetMinutes);
}
