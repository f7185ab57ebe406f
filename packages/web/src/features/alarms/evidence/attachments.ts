import type { AlarmFile, AlarmUploadResult } from './api';

// Evidence the vehicle has not uploaded yet (spec section 4 "Alarm attachments"): when fewer files than the
// alarm's attached_count are stored, the console asks the vehicle to upload them (0x9208), then polls the file
// list every 3 s, 1 + ceil(missing × 5000 / 3000) times — about one file per 5 s (spec section 9: "Alarm polling
// 3000 ms, 5000 ms per-file estimate") — and stops as soon as all are in or the dialog closes.

export const ATTACHMENT_POLL_MS = 3000;
export const FILE_UPLOAD_ESTIMATE_MS = 5000;

/** How many times the file list is polled for `missing` files. */
export function attachmentPollCount(missing: number): number {
  return 1 + Math.ceil((Math.max(0, missing) * FILE_UPLOAD_ESTIMATE_MS) / ATTACHMENT_POLL_MS);
}

export type EvidenceState =
  | { phase: 'loading' }
  /** Every announced file is here (or none was announced). */
  | { phase: 'complete'; files: AlarmFile[] }
  /** Waiting for the vehicle: `poll` of `polls` done so far (0 while the upload is being requested). */
  | { phase: 'uploading'; files: AlarmFile[]; poll: number; polls: number }
  /** The polls ran out with files still missing: "attachment not found" when `files` is empty. */
  | { phase: 'incomplete'; files: AlarmFile[] }
  /** The file list itself could not be read. */
  | { phase: 'failed' };

export interface AttachmentSource {
  list(): Promise<AlarmFile[]>;
  requestUpload(): Promise<AlarmUploadResult>;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  wait(ms: number, signal: AbortSignal): Promise<void>;
}

export function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Reads the alarm's files and, while some of the `expected` are missing, has them uploaded and polls for them.
 * Every step is reported through `report`; nothing is reported once `signal` has aborted (the dialog closed).
 */
export async function collectAttachments(
  expected: number,
  source: AttachmentSource,
  signal: AbortSignal,
  report: (state: EvidenceState) => void,
): Promise<void> {
  let files: AlarmFile[];
  try {
    files = await source.list();
  } catch {
    if (!signal.aborted) report({ phase: 'failed' });
    return;
  }
  if (signal.aborted) return;
  if (files.length >= expected) return report({ phase: 'complete', files });

  report({ phase: 'uploading', files, poll: 0, polls: 0 });
  let missing = expected - files.length;
  try {
    const upload = await source.requestUpload();
    // 'complete': everything arrived between the list and the request; one more read picks it up.
    missing = upload.state === 'complete' ? 0 : upload.missing > 0 ? upload.missing : missing;
  } catch {
    // The vehicle could not be asked (offline, no session): whatever it sent earlier may still be arriving.
  }
  if (signal.aborted) return;

  const polls = attachmentPollCount(missing);
  for (let poll = 1; poll <= polls; poll++) {
    await source.wait(ATTACHMENT_POLL_MS, signal);
    if (signal.aborted) return;
    try {
      files = await source.list();
    } catch {
      // One failed poll is one poll fewer, not the end.
    }
    if (signal.aborted) return;
    if (files.length >= expected) return report({ phase: 'complete', files });
    report({ phase: 'uploading', files, poll, polls });
  }
  report({ phase: 'incomplete', files });
}
