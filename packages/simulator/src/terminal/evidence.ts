import { readFileSync } from 'node:fs';
import { type AttachmentFile, attachmentName } from './attachments.ts';

/**
 * The evidence a simulated ADAS/DSM camera keeps for an alarm: two JPEG stills and a 4 s H.264 MP4 clip, real
 * files made once from ffmpeg's test patterns (scripts/generate-evidence-assets.sh) and shipped in
 * `assets/evidence/`, read relative to this module so the package works wherever it is installed.
 */
export const EVIDENCE_FILES_PER_ALARM = 3;

type Camera = 'adas' | 'dsm';

const ASSETS: Record<Camera, readonly string[]> = {
  adas: ['adas-1.jpg', 'adas-2.jpg', 'clip.mp4'],
  dsm: ['dsm-1.jpg', 'dsm-2.jpg', 'clip.mp4'],
};

const cache = new Map<string, Uint8Array>();

export function evidenceAsset(file: string): Uint8Array {
  let data = cache.get(file);
  if (!data) {
    data = new Uint8Array(readFileSync(new URL(`../../assets/evidence/${file}`, import.meta.url)));
    cache.set(file, data);
  }
  return data;
}

/**
 * An alarm's files with T/JSATL 12 names (§4.6.3): `<type>_<channel>_<alarm type>_<n>_<alarm no>.<ext>`, channel
 * 64 for the ADAS camera and 65 for the DSM one, alarm type = peripheral id + the item's type (e.g. 6502). The
 * standard suggests .h264 for video; terminals in the field mostly send MP4, which browsers play as it is.
 * `count` is the attachment count of the identification (the simulator always announces all three).
 */
export function alarmEvidence(
  camera: Camera,
  type: number,
  alarmNo: string,
  count = EVIDENCE_FILES_PER_ALARM,
): AttachmentFile[] {
  const channel = camera === 'adas' ? 64 : 65;
  const code = `${channel}${String(type).padStart(2, '0')}`;
  return ASSETS[camera].slice(0, Math.max(0, count)).map((file, i) => {
    const fileType = file.endsWith('.mp4') ? 2 : 0;
    return { name: attachmentName(fileType, channel, code, i + 1, alarmNo), fileType, data: evidenceAsset(file) };
  });
}
