import { createHash } from 'node:crypto';

// Where an evidence file lives in the store: `<company>/<alarm_key>/<file name>`. The alarm key and the file
// name come from the terminal (T/JSATL 12 says upper-case letters and digits; nothing enforces it), so each part
// is reduced to a safe path segment: a name with '/', '..', NULs or other characters can never leave its folder.

const SAFE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

/**
 * One path segment from untrusted text: kept as is when already safe; otherwise unsafe characters become '_' and a
 * short hash of the original is added, so two different names never land on the same file.
 */
export function safeSegment(text: string): string {
  if (SAFE.test(text) && !text.includes('..')) return text;
  const hash = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8);
  const dot = text.lastIndexOf('.');
  const ext = dot > 0 && /^\.[A-Za-z0-9]{1,5}$/.test(text.slice(dot)) ? text.slice(dot) : '';
  const stem = (ext ? text.slice(0, dot) : text)
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^[_-]+/, '')
    .slice(0, 64);
  return `${stem || 'file'}-${hash}${ext}`;
}

/** The relative path of an alarm's file under the store root (what the file list and the download use). */
export function evidencePath(companyId: number, alarmKey: string, fileName: string): string {
  return `${companyId}/${safeSegment(alarmKey)}/${safeSegment(fileName)}`;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  h264: 'video/h264',
  wav: 'audio/wav',
  txt: 'text/plain; charset=utf-8',
};

/** By extension, as the terminal names it (T/JSATL 12: jpg/png, wav, h264 or mp4, bin). */
export function contentTypeOf(fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** T/JSATL 12 file type from the name's leading `NN_` when a terminal skips 0x1211 (0 picture … 4 other). */
export function fileTypeOfName(fileName: string): number {
  const m = /^(\d{2})_/.exec(fileName);
  const t = m ? Number(m[1]) : 4;
  return Math.min(t, 4);
}
