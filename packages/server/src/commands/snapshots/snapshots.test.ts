import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import type { SnapshotResult, SnapshotRow } from '../../contract/commands.ts';
import { PermissionBit } from '../../contract/index.ts';
import type { ListResult } from '../../contract/lists.ts';
import type { TestTerminal } from '../../gateway/testing/terminal.ts';
import { answerCommands, type TerminalBehaviour, uploadPicture } from '../device/testing/answering-terminal.ts';
import { type CommandServer, startCommandServer, withData } from '../device/testing/server.ts';
import { commandDb } from '../schema.ts';

// A snapshot end to end: the API sends 0x8801, the terminal answers 0x0805 and uploads a real JPEG as a
// multi-packet 0x0801 over TCP, the gateway stores it and answers 0x8800, the API finds it and serves its bytes.

const PICTURE = new Uint8Array(readFileSync(new URL('./testing/camera-64x48.jpg', import.meta.url)));

describe.each(ENGINES)('snapshots on %s', (engine) => {
  let server: CommandServer;
  let admin: HeadwayClient;
  let terminal: TestTerminal;
  let device: TerminalBehaviour;

  beforeAll(async () => {
    // A snapshot whose picture never comes gives up after this long.
    vi.stubEnv('HEADWAY_SNAPSHOT_WAIT_MS', '800');
    server = await startCommandServer(engine);
    vi.unstubAllEnvs();
    admin = await server.admin();
    terminal = await server.connect(server.fleet.bus1.phone);
    device = answerCommands(terminal, { picture: PICTURE });
  });
  afterAll(async () => {
    await server?.close();
  });

  const snap = (extra: Record<string, unknown> = {}) =>
    admin.get<SnapshotResult>(
      withData('/jtt1078/media/snap', {
        imei: server.fleet.bus1.imei,
        chn: 2,
        cmd: 1,
        interval: 0,
        flag: 0,
        resolution: 4,
        quality: 5,
        light: 128,
        contrast: 64,
        saturation: 64,
        shades: 128,
        ...extra,
      }),
    );

  it('takes a picture, stores the multi-packet upload and serves the same bytes', async () => {
    expect(PICTURE.length).toBeGreaterThan(2000);
    const taken = await snap();
    expect(taken.code).toBe(0);
    const command = device.seen.find((m) => m.msgId === 0x8801);
    expect(command?.msgId === 0x8801 && command.body).toEqual({
      channel: 2,
      command: 1,
      interval: 0,
      save: 0,
      resolution: 4,
      quality: 5,
      brightness: 128,
      contrast: 64,
      saturation: 64,
      chroma: 128,
    });
    const [row] = taken.result.rows;
    expect(taken.result.rows).toHaveLength(1);
    expect(row).toMatchObject({
      img_url: `/device/snapshot/${row?.id}/image`,
      car_id: server.fleet.bus1.carId,
      car_name: 'Bus 1',
      chn: 2,
      width: 64,
      height: 48,
      size: PICTURE.length,
    });
    expect(Math.abs((row?.snap_time ?? 0) - Date.now() / 1000)).toBeLessThan(30);
    // The terminal was told the upload is complete (0x8800, nothing to resend).
    const ack = await terminal.next((m) => m.msgId === 0x8800);
    expect(ack.msgId === 0x8800 && ack.body.retransmitIds).toEqual([]);

    const image = await server.fetchRaw(admin, row?.img_url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PICTURE);

    const stored = await commandDb(server.store.db)
      .selectFrom('snapshots')
      .select(['lat', 'lng', 'event', 'media_id'])
      .where('id', '=', row?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(stored.lat).toBeCloseTo(22.543, 5);
    expect(stored.lng).toBeCloseTo(114.057, 5);
    expect(stored.event).toBe(0);
  });

  it('keeps the terminal’s own photos too, and lists them newest first', async () => {
    const epoch = Math.floor(Date.now() / 1000) + 5;
    uploadPicture(terminal, PICTURE, { mediaId: 99, channel: 1, event: 1, epoch, fragment: 400 });
    const ack = await terminal.next((m) => m.msgId === 0x8800 && m.body.mediaId === 99);
    expect(ack.msgId).toBe(0x8800);
    // A resend of the same upload (the 0x8800 lost) is not stored twice.
    uploadPicture(terminal, PICTURE, { mediaId: 99, channel: 1, event: 1, epoch, fragment: 400 });
    await terminal.next((m) => m.msgId === 0x8800 && m.body.mediaId === 99);

    const list = await admin.get<ListResult<SnapshotRow>>(`/device/snapshot?car_id=${server.fleet.bus1.carId}`);
    expect(list.code).toBe(0);
    expect(list.result.total).toBe(2);
    expect(list.result.rows.map((r) => [r.chn, r.snap_time])).toEqual([
      [1, epoch],
      [2, expect.any(Number)],
    ]);
    const page = await admin.get<ListResult<SnapshotRow>>('/device/snapshot?page=2&limit=10');
    expect(page.result).toEqual({ total: 2, rows: [] });
  });

  it('keeps other companies and console users out (1008, empty lists)', async () => {
    const list = await admin.get<ListResult<SnapshotRow>>('/device/snapshot');
    const id = list.result.rows[0]?.id ?? 0;
    const other = await server.admin('other');
    expect((await other.get<ListResult<SnapshotRow>>('/device/snapshot')).result).toEqual({ total: 0, rows: [] });
    const foreign = await server.fetchRaw(other, `/device/snapshot/${id}/image`);
    expect(((await foreign.json()) as { code: number }).code).toBe(1008);
    expect(
      (
        await other.get(
          withData('/jtt1078/media/snap', { imei: server.fleet.bus1.imei, chn: 1, resolution: 4, quality: 5 }),
        )
      ).code,
    ).toBe(1008);

    // A desk on line L2 does not see line L1's bus pictures.
    const desk = await signedInUserWith(server, admin, `snap-desk-${engine}`, { MonitoringMap: PermissionBit.view }, [
      server.fleet.bus2.lineId,
    ]);
    expect((await desk.get<ListResult<SnapshotRow>>('/device/snapshot')).result.total).toBe(0);
    const hidden = await server.fetchRaw(desk, `/device/snapshot/${id}/image`);
    expect(((await hidden.json()) as { code: number }).code).toBe(1008);
  });

  it('answers 1004 for a camera the terminal does not have and 1101 when no picture comes', async () => {
    device.snapshotResult = 2;
    const noCamera = await snap({ chn: 9 });
    device.snapshotResult = 0;
    expect(noCamera.code).toBe(1004);
    expect(noCamera.result).toMatchObject({ field: 'chn', result: 2 });

    device.picture = undefined;
    const started = Date.now();
    const lost = await snap();
    expect(lost.code).toBe(1101);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    device.picture = PICTURE;
    const row = await commandDb(server.store.db)
      .selectFrom('dispatch_log')
      .select(['action', 'command', 'state', 'result'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ action: 'snapshot', command: 0x8801, state: 4, result: 1101 });
  });

  it('refuses a payload outside the snapshot ranges (1004)', async () => {
    expect((await snap({ quality: 11 })).code).toBe(1004);
    expect((await snap({ resolution: 9 })).code).toBe(1004);
    expect((await snap({ chn: 0 })).code).toBe(1004);
  });
});
