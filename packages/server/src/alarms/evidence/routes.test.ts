import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { md5 } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany } from '../../../test/helpers/server.ts';
import type {
  AlarmFile,
  AlarmUploadResult,
  ConsoleRow,
  RolePermissions,
  RoleRow,
  UserRow,
} from '../../contract/index.ts';
import { TestTerminal } from '../../gateway/testing/terminal.ts';
import { ErrorCode } from '../../kernel/errors.ts';
import { seedMapFixture } from '../../vehicles/testing/fixtures.ts';
import { insertAlarm } from '../api/testing/alarms.ts';
import { alarmBodyOf } from '../body.ts';
import { alarmsDb } from '../schema.ts';
import { alarmNumber } from './alarm-key.ts';
import { markFileComplete, recordFileStart } from './files.ts';
import { evidencePath } from './paths.ts';
import { type EvidenceServer, startEvidenceServer } from './testing/server.ts';
import { patternBytes, type TestFile, TestUploader } from './testing/uploader.ts';

// The evidence routes over real HTTP with signed requests, and the 0x9208 round trip with a terminal on the real
// gateway: list, download with Range, zip, permissions, tenant and console scoping, asking the vehicle.

const PHONE = '013900000101';
const OFFLINE_PHONE = '013900000201';
const TERMINAL_ID = 'HW00101';

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          buffer(stream).then((data) => {
            out.set(entry.fileName, data);
            zip.readEntry();
          }, reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

describe.each(ENGINES)('alarm evidence routes on %s', (engine) => {
  let server: EvidenceServer;
  let companyA = 0;
  let admin: HeadwayClient;
  let adminB: HeadwayClient;
  let viewer: HeadwayClient;
  let outsider: HeadwayClient;
  let lineTwenty: HeadwayClient;
  let cars: Map<string, number>;
  const picture = patternBytes(3000, 1);
  const clip = patternBytes(5000, 2);
  let stored: { id: number; key: string; picturePath: string; clipPath: string };
  let seq = 0;

  async function user(account: string, permissions: RolePermissions, consoleLines?: number[]) {
    const role = await admin.post<RoleRow>('/owner/role', { role_name: `${account} role`, permissions });
    const created = await admin.post<UserRow>('/owner/user', {
      account,
      user_name: account,
      password: md5(PASSWORD),
      role_id: role.result.role_id,
    });
    if (consoleLines) {
      await admin.post<ConsoleRow>('/owner/console', {
        console_name: `${account} desk`,
        route_ids: consoleLines,
        user_ids: [created.result.user_id],
      });
    }
    const client = server.client();
    await client.login(account, PASSWORD);
    return client;
  }

  /** A DSM alarm of a terminal with the identification the detector keeps in `attached`. */
  async function dsmAlarm(phone: string, car: string, attachments: number) {
    seq++;
    const ident = {
      terminalId: TERMINAL_ID,
      time: '251122081530',
      seq,
      attachmentCount: attachments,
      reservedHex: '00',
    };
    const key = `${TERMINAL_ID}_251122081530_${seq}`;
    const id = await insertAlarm(server.store.db, {
      company_id: companyA,
      event_time: 1_763_770_530,
      platform_alarm_id: 25857,
      alarm_key: key,
      terminal_phone: phone,
      car_id: cars.get(car) ?? null,
      device_type: 'DSM',
      attached_count: attachments,
      attached: JSON.stringify({ flag: 0, ident }),
    });
    return { id, key, ident };
  }

  async function storeFile(companyId: number, key: string, name: string, fileType: number, data: Uint8Array) {
    const path = evidencePath(companyId, key, name);
    await recordFileStart(server.store.db, {
      companyId,
      alarmKey: key,
      fileName: name,
      relativePath: path,
      fileType,
      size: data.length,
      now: 1_763_770_600,
    });
    await server.evidence.put(path, 0, data);
    await server.evidence.seal(path);
    await markFileComplete(server.store.db, companyId, key, name);
    return path;
  }

  /** A terminal on the gateway that answers 0x9208 by uploading `count` files to the server it names. */
  async function connectTerminal(count: number) {
    const term = await TestTerminal.connect(server.gateway.ports.jt808, PHONE);
    const { token } = await term.register();
    expect(await term.authenticate(token ?? '')).toBe(0);
    const requests: Extract<Parameters<NonNullable<TestTerminal['onMessage']>>[0], { msgId: 0x9208 }>['body'][] = [];
    term.onMessage = (m) => {
      if (m.msgId !== 0x9208) return;
      requests.push(m.body);
      term.send({ msgId: 0x0001, body: { replyFlowId: m.header.flowId, replyMsgId: 0x9208, result: 0 } });
      void (async () => {
        const files: TestFile[] = Array.from({ length: count }, (_, i) => ({
          name: `0${i === count - 1 ? 2 : 0}_65_6502_${i + 1}_${m.body.alarmNo}.${i === count - 1 ? 'mp4' : 'jpg'}`,
          fileType: i === count - 1 ? 2 : 0,
          data: patternBytes(4000 + i, 10 + i),
        }));
        const up = await TestUploader.connect(m.body.tcpPort, PHONE);
        await up.list(TERMINAL_ID, m.body.alarmIdent, m.body.alarmNo, files);
        for (const f of files) await up.upload(f);
        up.close();
      })();
    };
    return { term, requests };
  }

  beforeAll(async () => {
    server = await startEvidenceServer(engine);
    companyA = server.demoCompanyId;
    ({ carIds: cars } = await seedMapFixture(server.store.db, companyA, [
      { carName: 'A-101', imei: '860000000000101', terminalPhone: PHONE, fleet: null, line: '10' },
      { carName: 'A-201', imei: '860000000000201', terminalPhone: OFFLINE_PHONE, fleet: null, line: '20' },
    ]));
    const { companyId: companyB } = await seedCompany(server.store, 'Other Lines', 'b-admin');
    admin = server.client();
    await admin.login('admin', PASSWORD);
    adminB = server.client();
    await adminB.login('b-admin', PASSWORD);
    outsider = await user('no-safety', { Dashboard: 1 });
    viewer = await user('evidence-viewer', { SafetyActiveSafety: 1 });
    const lines = await alarmsDb(server.store.db)
      .withTables<{ lines: { id: number; company_id: number; route_code: string } }>()
      .selectFrom('lines')
      .select('id')
      .where('company_id', '=', companyA)
      .where('route_code', '=', '20')
      .execute();
    lineTwenty = await user(
      'line-twenty',
      { SafetyActiveSafety: 2047 },
      lines.map((l) => l.id),
    );

    const a = await dsmAlarm(PHONE, 'A-101', 3);
    const picturePath = await storeFile(companyA, a.key, `00_65_6502_1_${alarmNumber(a.id)}.jpg`, 0, picture);
    const clipPath = await storeFile(companyA, a.key, `02_65_6502_3_${alarmNumber(a.id)}.mp4`, 2, clip);
    // Still arriving: not listed, not served.
    await recordFileStart(server.store.db, {
      companyId: companyA,
      alarmKey: a.key,
      fileName: 'partial.jpg',
      relativePath: evidencePath(companyA, a.key, 'partial.jpg'),
      fileType: 0,
      size: 10,
      now: 1,
    });
    // Company B's own file under the same key must never show in A's answers (nor A's in B's).
    await storeFile(companyB, a.key, 'b-only.jpg', 0, patternBytes(10, 3));
    stored = { id: a.id, key: a.key, picturePath, clipPath };
  });
  afterAll(() => server.close());

  it('lists the complete files of an alarm, pictures first', async () => {
    const list = await admin.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: stored.key });
    expect(list.code).toBe(0);
    expect(list.result).toEqual([
      { relative_path: stored.picturePath, file_type: 0, file_name: stored.picturePath.split('/')[2], size: 3000 },
      { relative_path: stored.clipPath, file_type: 2, file_name: stored.clipPath.split('/')[2], size: 5000 },
    ]);
  });

  it('serves a file with its content type, and byte ranges for the video player', async () => {
    const whole = await server.fetchRaw(
      admin,
      `/device/alarm/file?relative_path=${encodeURIComponent(stored.picturePath)}`,
    );
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/jpeg');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(picture);

    const path = `/device/alarm/file?relative_path=${encodeURIComponent(stored.clipPath)}`;
    const part = await server.fetchRaw(admin, path, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('video/mp4');
    expect(part.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(clip.subarray(100, 200));

    const tail = await server.fetchRaw(admin, path, { range: 'bytes=-50' });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(clip.subarray(4950));

    const beyond = await server.fetchRaw(admin, path, { range: 'bytes=5000-' });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */5000');
  });

  it('zips every complete file of the alarm (export permission)', async () => {
    const reply = await server.fetchRaw(admin, `/device/alarm/file/zip?alarm_key=${encodeURIComponent(stored.key)}`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/zip');
    expect(reply.headers.get('content-disposition')).toBe(`attachment; filename="${stored.key}.zip"`);
    const entries = await unzip(Buffer.from(await reply.arrayBuffer()));
    expect([...entries.keys()]).toEqual([stored.picturePath.split('/')[2], stored.clipPath.split('/')[2]]);
    expect(new Uint8Array(entries.get(stored.clipPath.split('/')[2]!)!)).toEqual(clip);
  });

  it('applies the Active safety screen mask: view lists and downloads, export zips, edit asks the vehicle', async () => {
    expect((await viewer.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: stored.key })).result).toHaveLength(
      2,
    );
    const file = await server.fetchRaw(
      viewer,
      `/device/alarm/file?relative_path=${encodeURIComponent(stored.picturePath)}`,
    );
    expect(file.status).toBe(200);
    const zip = await server.fetchRaw(viewer, `/device/alarm/file/zip?alarm_key=${encodeURIComponent(stored.key)}`);
    expect(((await zip.json()) as { code: number }).code).toBe(ErrorCode.permission);
    expect((await viewer.post('/device/alarm/file/upload', { id: stored.id })).code).toBe(ErrorCode.permission);
    expect((await outsider.post('/device/alarm/file/list', { alarm_key: stored.key })).code).toBe(ErrorCode.permission);
  });

  it("never shows another company's evidence, nor an alarm outside the caller's console", async () => {
    const list = await adminB.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: stored.key });
    expect(list.result.map((f) => f.file_name)).toEqual(['b-only.jpg']);
    const file = await server.fetchRaw(
      adminB,
      `/device/alarm/file?relative_path=${encodeURIComponent(stored.picturePath)}`,
    );
    expect(((await file.json()) as { code: number }).code).toBe(ErrorCode.recordMissing);
    const traversal = await server.fetchRaw(adminB, `/device/alarm/file?relative_path=${encodeURIComponent('../1/x')}`);
    expect(((await traversal.json()) as { code: number }).code).toBe(ErrorCode.recordMissing);
    expect((await adminB.post('/device/alarm/file/upload', { id: stored.id })).code).toBe(ErrorCode.recordMissing);
    // A-101 runs on line 10; this user's console has line 20 only.
    expect((await lineTwenty.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: stored.key })).result).toEqual(
      [],
    );
    const scoped = await server.fetchRaw(
      lineTwenty,
      `/device/alarm/file?relative_path=${encodeURIComponent(stored.picturePath)}`,
    );
    expect(((await scoped.json()) as { code: number }).code).toBe(ErrorCode.recordMissing);
  });

  it('asks a connected vehicle for missing evidence (0x9208); the files arrive and the next call says complete', async () => {
    const { term, requests } = await connectTerminal(2);
    const a = await dsmAlarm(PHONE, 'A-101', 2);
    const asked = await admin.post<AlarmUploadResult>('/device/alarm/file/upload', { id: a.id });
    expect(asked.result).toEqual({ state: 'requested', missing: 2 });
    expect(requests[0]).toMatchObject({
      ip: '127.0.0.1',
      tcpPort: server.gateway.ports.attachments,
      udpPort: 0,
      alarmNo: alarmNumber(a.id),
      alarmIdent: { terminalId: TERMINAL_ID, seq: a.ident.seq, attachmentCount: 2 },
    });
    await expect
      .poll(async () => (await admin.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: a.key })).result.length)
      .toBe(2);
    const again = await admin.post<AlarmUploadResult>('/device/alarm/file/upload', { id: a.id });
    expect(again.result).toEqual({ state: 'complete', missing: 0 });
    term.close();
  });

  it('asks for the evidence of a newly raised alarm at once, through the alarm listener', async () => {
    const { term, requests } = await connectTerminal(3);
    const a = await dsmAlarm(PHONE, 'A-101', 3);
    const row = await alarmsDb(server.store.db)
      .selectFrom('alarms')
      .selectAll()
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    server.requester.onAlarms([{ companyId: companyA, terminalPhone: PHONE, body: alarmBodyOf(row), ident: a.ident }]);
    await expect
      .poll(async () =>
        (await admin.post<AlarmFile[]>('/device/alarm/file/list', { alarm_key: a.key })).result.map((f) => f.file_type),
      )
      .toEqual([0, 0, 2]);
    expect(requests).toHaveLength(1);
    term.close();
  });

  it('answers 1101 when the vehicle is not connected', async () => {
    const a = await dsmAlarm(OFFLINE_PHONE, 'A-201', 2);
    expect((await admin.post('/device/alarm/file/upload', { id: a.id })).code).toBe(ErrorCode.processing);
  });
});
