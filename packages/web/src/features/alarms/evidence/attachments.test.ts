import { describe, expect, it } from 'vitest';
import type { AlarmFile, AlarmUploadResult } from './api';
import {
  ATTACHMENT_POLL_MS,
  type AttachmentSource,
  attachmentPollCount,
  collectAttachments,
  type EvidenceState,
} from './attachments';

const file = (n: number): AlarmFile => ({
  relative_path: `a/${n}.jpg`,
  file_type: 0,
  file_name: `${n}.jpg`,
  size: 1000,
});

/**
 * A vehicle whose files appear one list call at a time as `arrivals` says (files present at the n-th call), with
 * time that passes only when the collector waits: no real timers.
 */
function vehicle(arrivals: number[], upload: AlarmUploadResult | Error = { state: 'requested', missing: 2 }) {
  let calls = 0;
  const waits: number[] = [];
  let uploads = 0;
  const source: AttachmentSource = {
    async list() {
      const count = arrivals[Math.min(calls, arrivals.length - 1)] ?? 0;
      calls++;
      return Array.from({ length: count }, (_, i) => file(i));
    },
    async requestUpload() {
      uploads++;
      if (upload instanceof Error) throw upload;
      return upload;
    },
    async wait(ms) {
      waits.push(ms);
    },
  };
  return { source, waits, lists: () => calls, uploads: () => uploads };
}

async function run(expected: number, source: AttachmentSource, signal = new AbortController().signal) {
  const states: EvidenceState[] = [];
  await collectAttachments(expected, source, signal, (s) => states.push(s));
  return states;
}

describe('attachment poll count', () => {
  it('is 1 + ceil(missing × 5000 / 3000) (spec section 4)', () => {
    expect(attachmentPollCount(0)).toBe(1);
    expect(attachmentPollCount(1)).toBe(3);
    expect(attachmentPollCount(2)).toBe(5);
    expect(attachmentPollCount(3)).toBe(6);
    expect(attachmentPollCount(4)).toBe(8);
    expect(attachmentPollCount(-2)).toBe(1);
  });
});

describe('collecting attachments', () => {
  it('asks nothing of the vehicle when every announced file is stored', async () => {
    const v = vehicle([3]);
    const states = await run(3, v.source);
    expect(states).toEqual([{ phase: 'complete', files: [file(0), file(1), file(2)] }]);
    expect(v.uploads()).toBe(0);
    expect(v.lists()).toBe(1);
  });

  it('requests the upload, polls every 3 s the rule’s number of times, then says none was found', async () => {
    const v = vehicle([0], { state: 'requested', missing: 2 });
    const states = await run(2, v.source);
    expect(v.uploads()).toBe(1);
    // The first read, then 1 + ceil(2 × 5000 / 3000) = 5 polls.
    expect(v.lists()).toBe(1 + 5);
    expect(v.waits).toEqual(Array(5).fill(ATTACHMENT_POLL_MS));
    expect(states[0]).toEqual({ phase: 'uploading', files: [], poll: 0, polls: 0 });
    expect(states.filter((s) => s.phase === 'uploading').map((s) => (s as { poll: number }).poll)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
    expect(states.at(-1)).toEqual({ phase: 'incomplete', files: [] });
  });

  it('stops polling as soon as every file is in', async () => {
    const v = vehicle([1, 1, 2, 3], { state: 'requested', missing: 2 });
    const states = await run(3, v.source);
    expect(v.lists()).toBe(4);
    expect(states.at(-1)).toEqual({ phase: 'complete', files: [file(0), file(1), file(2)] });
  });

  it('counts the polls from the files the server says are missing', async () => {
    const v = vehicle([1], { state: 'requested', missing: 4 });
    await run(3, v.source);
    expect(v.lists()).toBe(1 + attachmentPollCount(4));
  });

  it('reads once more when the server already has everything', async () => {
    const v = vehicle([1, 2], { state: 'complete', missing: 0 });
    const states = await run(2, v.source);
    expect(v.lists()).toBe(2);
    expect(states.at(-1)?.phase).toBe('complete');
  });

  it('keeps polling for what was sent when the vehicle cannot be asked', async () => {
    const v = vehicle([0], new Error('offline'));
    const states = await run(1, v.source);
    expect(v.lists()).toBe(1 + attachmentPollCount(1));
    expect(states.at(-1)).toEqual({ phase: 'incomplete', files: [] });
  });

  it('ends with the files that did arrive when some are still missing', async () => {
    const v = vehicle([0, 1], { state: 'requested', missing: 2 });
    const states = await run(2, v.source);
    expect(states.at(-1)).toEqual({ phase: 'incomplete', files: [file(0)] });
  });

  it('stops and reports nothing more once the dialog closes', async () => {
    const controller = new AbortController();
    const v = vehicle([0], { state: 'requested', missing: 3 });
    const states: EvidenceState[] = [];
    const waiting = v.source.wait;
    v.source.wait = async (ms, signal) => {
      await waiting(ms, signal);
      if (v.waits.length === 2) controller.abort();
    };
    await collectAttachments(3, v.source, controller.signal, (s) => states.push(s));
    // The first read and one poll; the second wait ended with the dialog.
    expect(v.lists()).toBe(2);
    expect(states.some((s) => s.phase === 'incomplete')).toBe(false);
  });

  it('says so when the file list cannot be read', async () => {
    const source: AttachmentSource = {
      list: () => Promise.reject(new Error('1007')),
      requestUpload: () => Promise.reject(new Error('not called')),
      wait: async () => {},
    };
    expect(await run(2, source)).toEqual([{ phase: 'failed' }]);
  });
});
