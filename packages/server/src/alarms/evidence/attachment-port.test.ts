import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import { seedDevices, startTestGateway } from '../../gateway/testing/fixture.ts';
import { insertAlarm } from '../api/testing/alarms.ts';
import { alarmsDb } from '../schema.ts';
import { alarmNumber } from './alarm-key.ts';
import type { EvidenceIntake } from './intake.ts';
import type { LocalEvidenceStore } from './store.ts';
import { attachEvidence, patternBytes, type TestFile, TestUploader, testIdent } from './testing/uploader.ts';

// The T/JSATL 12 attachment port end to end on real TCP with real frames: files land in the store and in
// alarm_files, a withheld piece is asked again with 0x9212, and the limits refuse what they must.

const PHONE = '013912340001';
const TERMINAL_ID = 'HW00001';

describe.each(ENGINES)('alarm evidence over the attachment port on %s', (engine) => {
  let t: TestStore;
  let gateway: Gateway;
  let intake: EvidenceIntake;
  let store: LocalEvidenceStore;
  let remove: () => void;
  let companyId = 0;
  let seq = 0;

  /** A stored DSM alarm of the test terminal, as the detector keys it. */
  async function alarm(attachments: number) {
    seq++;
    const ident = testIdent(TERMINAL_ID, '2025-11-22T08:15:30', seq, attachments);
    const alarmKey = `${TERMINAL_ID}_251122081530_${seq}`;
    const id = await insertAlarm(t.store.db, {
      company_id: companyId,
      event_time: 1_763_770_530,
      platform_alarm_id: 25857,
      alarm_key: alarmKey,
      terminal_phone: PHONE,
      device_type: 'DSM',
      attached_count: attachments,
    });
    return { id, ident, alarmKey, alarmNo: alarmNumber(id) };
  }

  const rows = (alarmKey: string) =>
    alarmsDb(t.store.db)
      .selectFrom('alarm_files')
      .select(['file_name', 'relative_path', 'file_type', 'size', 'complete'])
      .where('alarm_key', '=', alarmKey)
      .orderBy('file_name')
      .execute()
      .then((found) => found.map((r) => ({ ...r, size: Number(r.size) })));

  beforeAll(async () => {
    t = await createTestStore(engine);
    ({ companyId } = await seedDevices(t.store, [PHONE]));
    gateway = await startTestGateway(t.store);
    ({ intake, store, remove } = attachEvidence(gateway, { maxBytesInFlight: 1024 * 1024, maxFilesPerAlarm: 3 }));
  });
  afterAll(async () => {
    await gateway.stop();
    await t.drop();
    remove();
  });

  it('stores each file at its offsets, asks for a withheld piece with 0x9212, and records the files', async () => {
    const a = await alarm(2);
    const picture: TestFile = { name: `00_65_6502_1_${a.alarmNo}.jpg`, fileType: 0, data: patternBytes(40_000, 1) };
    const clip: TestFile = { name: `02_65_6502_2_${a.alarmNo}.mp4`, fileType: 2, data: patternBytes(70_000, 2) };
    const up = await TestUploader.connect(gateway.ports.attachments, PHONE);
    expect(await up.list(TERMINAL_ID, a.ident, a.alarmNo, [picture, clip])).toBe(0);

    expect(await up.info(picture)).toBe(0);
    // The second 16 KiB piece never arrives; the last one comes first (order does not matter).
    up.sendRange(picture, 32_768, 40_000 - 32_768);
    up.sendRange(picture, 0, 16_384);
    const first = await up.done(picture);
    expect(first).toMatchObject({ name: picture.name, result: 1, retransmit: [{ offset: 16_384, length: 16_384 }] });
    expect((await rows(a.alarmKey)).find((r) => r.file_name === picture.name)?.complete).toBe(0);
    up.sendRange(picture, 16_384, 16_384);
    expect(await up.done(picture)).toMatchObject({ result: 0, retransmit: [] });

    expect(await up.upload(clip, 64 * 1024)).toBe(0);
    up.close();

    const stored = await rows(a.alarmKey);
    expect(stored).toEqual([
      {
        file_name: picture.name,
        relative_path: `${companyId}/${a.alarmKey}/${picture.name}`,
        file_type: 0,
        size: 40_000,
        complete: 1,
      },
      {
        file_name: clip.name,
        relative_path: `${companyId}/${a.alarmKey}/${clip.name}`,
        file_type: 2,
        size: 70_000,
        complete: 1,
      },
    ]);
    expect(new Uint8Array(await readFile(join(store.root, stored[0]!.relative_path)))).toEqual(picture.data);
    expect(new Uint8Array(await readFile(join(store.root, stored[1]!.relative_path)))).toEqual(clip.data);
    expect(gateway.metrics.attachments.resendRequests).toBeGreaterThanOrEqual(1);
    expect(intake.bytesInFlight).toBe(0);
  });

  it('refuses a file over the 20 MB limit and drops its data; the others still land', async () => {
    const a = await alarm(2);
    const huge: TestFile = { name: `02_65_6502_1_${a.alarmNo}.mp4`, fileType: 2, data: patternBytes(1000, 3) };
    const small: TestFile = { name: `00_65_6502_2_${a.alarmNo}.jpg`, fileType: 0, data: patternBytes(5000, 4) };
    const refusedBefore = gateway.metrics.attachments.filesRefused;
    const up = await TestUploader.connect(gateway.ports.attachments, PHONE);
    expect(await up.list(TERMINAL_ID, a.ident, a.alarmNo, [huge, small])).toBe(0);
    expect(await up.info(huge, 20 * 1024 * 1024 + 1)).toBe(1);
    up.sendData(huge, 500);
    // Nothing to ask again: the platform does not want it.
    expect(await up.done(huge)).toMatchObject({ result: 0, retransmit: [] });
    expect(await up.upload(small)).toBe(0);
    up.close();
    expect(gateway.metrics.attachments.filesRefused).toBe(refusedBefore + 1);
    expect((await rows(a.alarmKey)).map((r) => [r.file_name, r.complete])).toEqual([[small.name, 1]]);
    expect(await store.stat(`${companyId}/${a.alarmKey}/${huge.name}`)).toBeUndefined();
  });

  it('drops data beyond the declared size and keeps the file incomplete until the real bytes come', async () => {
    const a = await alarm(1);
    const file: TestFile = { name: `00_65_6502_1_${a.alarmNo}.jpg`, fileType: 0, data: patternBytes(3000, 5) };
    const up = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await up.list(TERMINAL_ID, a.ident, a.alarmNo, [file]);
    await up.info(file);
    const longer: TestFile = { ...file, data: patternBytes(4000, 6) };
    up.sendRange(longer, 2000, 2000);
    expect(await up.done(file)).toMatchObject({ result: 1, retransmit: [{ offset: 0, length: 3000 }] });
    up.sendData(file, 1000);
    expect(await up.done(file)).toMatchObject({ result: 0 });
    up.close();
    expect(new Uint8Array(await readFile(join(store.root, `${companyId}/${a.alarmKey}/${file.name}`)))).toEqual(
      file.data,
    );
  });

  it('gives a file up after the resend rounds and refuses files beyond the per-alarm cap', async () => {
    const a = await alarm(4);
    const files: TestFile[] = [1, 2, 3, 4].map((n) => ({
      name: `00_65_6502_${n}_${a.alarmNo}.jpg`,
      fileType: 0,
      data: patternBytes(100, n),
    }));
    const up = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await up.list(TERMINAL_ID, a.ident, a.alarmNo, files);
    // A terminal that never sends the bytes: asked three times, then given up.
    await up.info(files[0]!);
    for (let round = 0; round < 3; round++) expect((await up.done(files[0]!)).result).toBe(1);
    expect((await up.done(files[0]!)).result).toBe(0);
    expect(await up.upload(files[1]!)).toBe(0);
    expect(await up.upload(files[2]!)).toBe(0);
    // The cap is 3 files per alarm in this suite: the fourth is refused.
    expect(await up.info(files[3]!)).toBe(1);
    up.close();
    expect((await rows(a.alarmKey)).map((r) => [r.file_name, r.complete])).toEqual([
      [files[0]!.name, 0],
      [files[1]!.name, 1],
      [files[2]!.name, 1],
    ]);
  });

  it('accepts a re-upload of a stored file without rewriting it', async () => {
    const a = await alarm(1);
    const file: TestFile = { name: `00_65_6502_1_${a.alarmNo}.jpg`, fileType: 0, data: patternBytes(2000, 7) };
    const first = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await first.list(TERMINAL_ID, a.ident, a.alarmNo, [file]);
    expect(await first.upload(file)).toBe(0);
    first.close();
    const again = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await again.list(TERMINAL_ID, a.ident, a.alarmNo, [file]);
    expect(await again.info(file)).toBe(0);
    again.sendData({ ...file, data: patternBytes(2000, 8) }, 1000);
    expect(await again.done(file)).toMatchObject({ result: 0 });
    again.close();
    expect(new Uint8Array(await readFile(join(store.root, `${companyId}/${a.alarmKey}/${file.name}`)))).toEqual(
      file.data,
    );
  });

  it('maps an upload without our alarm number by its identification, and keeps hostile names in the folder', async () => {
    const a = await alarm(1);
    const file: TestFile = { name: '../../../etc/passwd', fileType: 4, data: patternBytes(64, 9) };
    const up = await TestUploader.connect(gateway.ports.attachments, PHONE);
    expect(await up.list(TERMINAL_ID, a.ident, 'made-up-by-the-terminal', [file])).toBe(0);
    expect(await up.upload(file)).toBe(0);
    up.close();
    const [row] = await rows(a.alarmKey);
    expect(row?.relative_path).toMatch(new RegExp(`^${companyId}/${a.alarmKey}/etc_passwd-[0-9a-f]{8}$`));
    expect(new Uint8Array(await readFile(join(store.root, row!.relative_path)))).toEqual(file.data);
  });

  it('refuses and closes an upload from a terminal not in the registry', async () => {
    const a = await alarm(1);
    const before = gateway.metrics.attachments.unknownAlarms;
    const up = await TestUploader.connect(gateway.ports.attachments, '013999999999');
    expect(await up.list(TERMINAL_ID, a.ident, a.alarmNo, [])).toBe(1);
    await up.link.waitClosed();
    expect(gateway.metrics.attachments.unknownAlarms).toBe(before + 1);
  });

  it('refuses a file when the bytes in flight would pass the budget, closing the connection', async () => {
    const a = await alarm(2);
    const big: TestFile = { name: `02_65_6502_1_${a.alarmNo}.mp4`, fileType: 2, data: patternBytes(700_000, 10) };
    const other: TestFile = { name: `02_65_6502_2_${a.alarmNo}.mp4`, fileType: 2, data: patternBytes(700_000, 11) };
    const one = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await one.list(TERMINAL_ID, a.ident, a.alarmNo, [big, other]);
    expect(await one.info(big)).toBe(0);
    const two = await TestUploader.connect(gateway.ports.attachments, PHONE);
    await two.list(TERMINAL_ID, a.ident, a.alarmNo, [big, other]);
    expect(await two.info(other)).toBe(1);
    await two.link.waitClosed();
    one.close();
    await one.link.waitClosed();
    await expect.poll(() => intake.bytesInFlight).toBe(0);
  });
});
