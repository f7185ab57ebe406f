import type { GtfsImportJob } from '@headway/server/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentSuite, renderInApp } from '../../../testing/render';
import { GtfsImportDialog } from './GtfsImportDialog';

// The import dialog with the real request client and query cache; the server is stood in for at fetch (the job)
// and XMLHttpRequest (the upload, which reports its progress).

const zero = { lines: 0, stations: 0, stops: 0, trips: 0, services: 0 };

function job(change: Partial<GtfsImportJob>): GtfsImportJob {
  return {
    job_id: 'job-1',
    state: 'running',
    progress: 0,
    stage: 'queued',
    started_at: 1_800_000_000,
    finished_at: null,
    ...change,
  };
}

/** Answers the upload with `job-1` and each poll of the job with the next answer (the last repeats). */
function serve(answers: GtfsImportJob[]) {
  const uploads: { headers: Record<string, string>; size: number }[] = [];
  class Upload {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    responseText = '';
    response: unknown = null;
    private headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: Uint8Array) {
      uploads.push({ headers: this.headers, size: body.length });
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: body.length, total: body.length } as ProgressEvent);
        this.status = 200;
        // api/upload.ts asks for JSON (responseType 'json') and reads `response`.
        this.response = { code: 0, msg: '', result: { job_id: 'job-1' } };
        this.responseText = JSON.stringify(this.response);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', Upload);
  const polls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    polls.push(new URL(url, 'http://console.test').pathname);
    const answer = answers[Math.min(polls.length - 1, answers.length - 1)];
    return new Response(JSON.stringify({ code: 0, msg: '', result: answer }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  return { uploads, polls };
}

async function chooseAndImport() {
  const input = document.querySelector<HTMLInputElement>('[data-testid="gtfs-import-dialog"] input[type="file"]');
  if (!input) throw new Error('no file input');
  const bytes = new Uint8Array([80, 75, 5, 6]);
  const file = new File([bytes], 'feed.zip');
  fireEvent.change(input, { target: { files: [file] } });
  const start = await screen.findByTestId('gtfs-import-start');
  await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(start);
}

describe('Import GTFS dialog', { timeout: 30_000 }, () => {
  componentSuite();

  it('uploads the zip, follows the job by stage and shows what it created; the list is told once', async () => {
    const { uploads, polls } = serve([
      job({ progress: 42, stage: 'reading' }),
      job({
        state: 'done',
        progress: 100,
        stage: 'finished',
        finished_at: 1_800_000_002,
        report: {
          created: { lines: 2, stations: 12, stops: 9, trips: 40, services: 1 },
          updated: zero,
          unchanged: zero,
          removed: zero,
          refused: [],
          refused_total: 0,
        },
      }),
    ]);
    const onImported = vi.fn();
    renderInApp(<GtfsImportDialog onClose={() => {}} onImported={onImported} />);
    await chooseAndImport();
    await screen.findByText('Reading and checking the feed');
    await screen.findByText('Import finished');
    const lines = screen.getByTestId('gtfs-import-count-lines');
    expect(within(lines).getByText('Lines')).toBeTruthy();
    expect(within(lines).getByText('2')).toBeTruthy();
    expect(within(screen.getByTestId('gtfs-import-count-trips')).getByText('40')).toBeTruthy();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.headers['content-type']).toBe('application/zip');
    expect(uploads[0]?.size).toBe(4);
    expect(polls.every((p) => p === '/api/basic/routes/gtfs/import/job-1')).toBe(true);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('says when nothing changed', async () => {
    serve([
      job({
        state: 'done',
        progress: 100,
        stage: 'finished',
        report: {
          created: zero,
          updated: zero,
          unchanged: { lines: 2, stations: 12, stops: 9, trips: 40, services: 1 },
          removed: zero,
          refused: [],
          refused_total: 0,
        },
      }),
    ]);
    renderInApp(<GtfsImportDialog onClose={() => {}} onImported={() => {}} />);
    await chooseAndImport();
    await screen.findByText('Nothing changed: the company already holds this feed');
  });

  it('lists refused rows by file and line, and does not refresh the list', async () => {
    serve([
      job({
        state: 'failed',
        progress: 20,
        stage: 'finished',
        error: 'the feed has 1 problem; nothing was written',
        report: {
          created: zero,
          updated: zero,
          unchanged: zero,
          removed: zero,
          refused: [{ file: 'stops.txt', line: 3, reason: 'bad coordinates "91.5","abc" for stop "S2"' }],
          refused_total: 1,
        },
      }),
    ]);
    const onImported = vi.fn();
    renderInApp(<GtfsImportDialog onClose={() => {}} onImported={onImported} />);
    await chooseAndImport();
    await screen.findByText('Import failed; nothing was written');
    const refused = screen.getByTestId('gtfs-import-refused');
    expect(within(refused).getByText('stops.txt:3')).toBeTruthy();
    expect(within(refused).getByText('bad coordinates "91.5","abc" for stop "S2"')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });
});
