import type { Downloaded } from '../../../api/download';

/** Hands a downloaded file to the browser's save, under the server's name when it gave one. */
export function saveDownload(file: Pick<Downloaded, 'blob' | 'fileName'>, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the URL to the download; a later revoke frees the bytes without cutting it short.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
