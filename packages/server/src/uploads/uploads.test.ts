import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionBit } from '@headway/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../test/helpers/client.ts';
import { ENGINES } from '../../test/helpers/database.ts';
import { PASSWORD, startTestServer, type TestServer } from '../../test/helpers/server.ts';
import { signedInUserWith } from '../../test/helpers/users.ts';
import { download, envelopeOf } from '../exports/table/testing/download.ts';
import { ErrorCode } from '../kernel/errors.ts';
import { UPLOAD_BODY_LIMIT } from './routes.ts';
import { UploadStore } from './store.ts';

// POST /upload and GET /upload/… over real HTTP on both engines: what the bytes are decides (not the content
// type), the kind decides who may upload, 2 MB and more is 1009 before the body is read, and a stored picture is
// served to an <img> without a session but only under its exact random name.

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR then the rest of a small picture'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF and the rest')]);

describe.each(ENGINES)('picture uploads on %s', (engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let viewer: HeadwayClient;
  const dir = mkdtempSync(join(tmpdir(), 'headway-uploads-'));

  const upload = (client: HeadwayClient, body: Buffer, data: unknown, contentType = 'image/png') =>
    download(client, () => server.clock.now(), 'POST', `/upload?data=${encodeURIComponent(JSON.stringify(data))}`, {
      body,
      contentType,
    });
  const answer = (file: { bytes: Buffer }) => envelopeOf(file as never) as { code: number; result: never };

  beforeAll(async () => {
    server = await startTestServer(engine, { uploads: new UploadStore(dir) });
    admin = server.client();
    await admin.login('admin', PASSWORD);
    viewer = await signedInUserWith(server, admin, 'upload-viewer', { BasicVehicle: PermissionBit.view });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a vehicle picture and serves it to anyone holding its address, as the bytes say', async () => {
    const sent = answer(await upload(admin, PNG, { path: 'vehicle', rename: 1 }, 'application/octet-stream'));
    expect(sent.code).toBe(0);
    const { url, size, type } = sent.result as { url: string; size: number; type: string };
    expect(url).toMatch(/^\/upload\/\d+\/vehicle\/[0-9a-f-]{36}\.png$/);
    expect({ size, type }).toEqual({ size: PNG.length, type: 'image/png' });
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const jpeg = answer(await upload(admin, JPEG, { path: 'vehicle' }, 'image/png'));
    expect((jpeg.result as { url: string }).url).toMatch(/\.jpg$/);
  });

  it('refuses what is not a JPG or PNG, an unknown path and a bad data query, with the field', async () => {
    const text = answer(await upload(admin, Buffer.from('MZ pretending to be a picture'), { path: 'vehicle' }));
    expect(text).toMatchObject({ code: ErrorCode.parameter, result: { field: 'file', reason: 'JPG or PNG expected' } });
    const path = answer(await upload(admin, PNG, { path: '../etc' }));
    expect(path.code).toBe(ErrorCode.parameter);
    expect(path.result).toMatchObject({ field: 'path' });
    const bad = await download(admin, () => server.clock.now(), 'POST', '/upload?data=%7Bnot-json', {
      body: PNG,
      contentType: 'image/png',
    });
    expect(answer(bad)).toMatchObject({ code: ErrorCode.parameter, result: { field: 'data' } });
  });

  it('answers 2 MB and more with 413 and 1009', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_BODY_LIMIT + 1 - PNG.length)]);
    const refused = await upload(admin, big, { path: 'vehicle' });
    expect(refused.status).toBe(413);
    expect(answer(refused).code).toBe(ErrorCode.tooMuchData);
    const justUnder = Buffer.concat([PNG, Buffer.alloc(UPLOAD_BODY_LIMIT - PNG.length)]);
    expect(answer(await upload(admin, justUnder, { path: 'vehicle' })).code).toBe(0);
  });

  it('needs the add or edit bit of the screen the picture is for; an avatar needs a session only', async () => {
    expect(answer(await upload(viewer, PNG, { path: 'vehicle' })).code).toBe(ErrorCode.permission);
    expect(answer(await upload(viewer, PNG, { path: 'region' })).code).toBe(ErrorCode.permission);
    expect(answer(await upload(viewer, PNG, { path: 'avatar' })).code).toBe(0);
    const anonymous = await fetch(`${server.url}/api/upload?data=${encodeURIComponent('{"path":"avatar"}')}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: PNG,
    });
    expect(((await anonymous.json()) as { code: number }).code).not.toBe(0);
  });

  it('serves nothing under a name it did not give', async () => {
    const { url } = answer(await upload(admin, PNG, { path: 'vehicle' })).result as { url: string };
    for (const probe of [
      url.replace(/[0-9a-f]{8}-/, '00000000-'),
      '/upload/1/vehicle/..%2F..%2Fheadway.db',
      url.replace('/vehicle/', '/region/'),
    ]) {
      expect((await fetch(`${server.url}${probe}`)).status).toBe(404);
    }
  });
});
