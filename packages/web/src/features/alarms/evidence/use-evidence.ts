import type { AlarmBody } from '@headway/server/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type AlarmFile, evidenceApi } from './api';
import { collectAttachments, type EvidenceState, waitFor } from './attachments';

/**
 * The alarm's evidence files, uploaded from the vehicle on demand while the dialog is open: unmounting (closing
 * the dialog) stops the polling. Asking the vehicle takes the edit permission; without it the dialog still waits
 * for what the vehicle is sending on its own (the platform asks once when the alarm arrives).
 */
export function useEvidence(
  alarm: Pick<AlarmBody, 'id' | 'alarm_key' | 'attached_count'>,
  mayRequest: boolean,
): EvidenceState {
  const [state, setState] = useState<EvidenceState>({ phase: 'loading' });
  useEffect(() => {
    if (!alarm.alarm_key) {
      setState({ phase: 'complete', files: [] });
      return;
    }
    const controller = new AbortController();
    setState({ phase: 'loading' });
    void collectAttachments(
      alarm.attached_count,
      {
        list: () => evidenceApi.files(alarm.alarm_key),
        requestUpload: () =>
          mayRequest ? evidenceApi.requestUpload(alarm.id) : Promise.reject(new Error('no edit permission')),
        wait: waitFor,
      },
      controller.signal,
      setState,
    );
    return () => controller.abort();
  }, [alarm.id, alarm.alarm_key, alarm.attached_count, mayRequest]);
  return state;
}

/** The files an evidence state holds so far. */
export function filesOf(state: EvidenceState): AlarmFile[] {
  return 'files' in state ? state.files : [];
}

/** Blobs stay cached a little after the dialog closes (reopening is instant); their URLs do not outlive it. */
const FILE_CACHE_MS = 60_000;

/** One evidence file's bytes, fetched with the signed client once `enabled`. */
export function useEvidenceFile(file: AlarmFile | undefined, enabled = true) {
  return useQuery({
    queryKey: ['alarm-evidence-file', file?.relative_path],
    queryFn: ({ signal }) => evidenceApi.file(file as AlarmFile, signal),
    enabled: enabled && file !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: FILE_CACHE_MS,
    retry: 1,
  });
}

/** An object URL for `blob` while the component is mounted; revoked when it unmounts or the blob changes. */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
