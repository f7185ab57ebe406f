import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadwayClient } from '../../../test/helpers/client.ts';
import { ENGINES } from '../../../test/helpers/database.ts';
import { PASSWORD, seedCompany, startTestServer, type TestServer } from '../../../test/helpers/server.ts';
import { signedInUserWith } from '../../../test/helpers/users.ts';
import { PermissionBit, type SnippetRow } from '../../contract/index.ts';
import '../../lines/demo-register.ts';
import type { Engine } from '../../store/db.ts';
import { commandDb } from '../schema.ts';

// The company's message snippets (GET/POST /system/snippet, DELETE /system/snippet/:id), who may use them and the
// message routes, and a send on a node without the command path. No terminal is needed here.

describe.each(ENGINES)('message snippets and access on %s', (engine: Engine) => {
  let server: TestServer;
  let admin: HeadwayClient;
  let other: HeadwayClient;
  let viewer: HeadwayClient;
  let carId: number;

  beforeAll(async () => {
    server = await startTestServer(engine);
    await seedCompany(server.store, 'Other Buses', `snip-other-${engine}`);
    admin = server.client();
    expect((await admin.login('admin', PASSWORD)).code).toBe(0);
    other = server.client();
    expect((await other.login(`snip-other-${engine}`, PASSWORD)).code).toBe(0);
    viewer = await signedInUserWith(server, admin, `viewer-${engine}`, { MonitoringMap: PermissionBit.view });
    const vehicle = await commandDb(server.store.db)
      .selectFrom('vehicles')
      .select('id')
      .where('company_id', '=', server.demoCompanyId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    carId = vehicle.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('adds trimmed snippets, lists them newest first and only to their company, deletes them', async () => {
    const first = await admin.post<SnippetRow>('/system/snippet', { snippet: '  Return to depot  ' });
    expect(first.code).toBe(0);
    expect(first.result).toEqual({
      id: expect.any(Number),
      company_id: server.demoCompanyId,
      snippet: 'Return to depot',
    });
    const second = await admin.post<SnippetRow>('/system/snippet', { snippet: '请回场 · กลับอู่' });
    expect(second.code).toBe(0);

    const list = await admin.get<{ rows: SnippetRow[] }>('/system/snippet');
    expect(list.result.rows.map((r) => r.snippet)).toEqual(['请回场 · กลับอู่', 'Return to depot']);

    // Another company sees none of them and cannot delete them.
    expect((await other.get<{ rows: SnippetRow[] }>('/system/snippet')).result.rows).toEqual([]);
    expect((await other.delete(`/system/snippet/${first.result.id}`)).code).toBe(1008);

    const deleted = await admin.delete(`/system/snippet/${first.result.id}`);
    expect(deleted).toMatchObject({ code: 0, result: null });
    expect((await admin.delete(`/system/snippet/${first.result.id}`)).code).toBe(1008);
    expect((await admin.get<{ rows: SnippetRow[] }>('/system/snippet')).result.rows).toHaveLength(1);
  });

  it('refuses blank and too long snippets', async () => {
    expect((await admin.post('/system/snippet', { snippet: '   ' })).code).toBe(1004);
    expect((await admin.post('/system/snippet', { snippet: '' })).code).toBe(1004);
    expect((await admin.post('/system/snippet', { snippet: 'x'.repeat(1025) })).code).toBe(1004);
    expect((await admin.post('/system/snippet', { snippet: 'x'.repeat(1024) })).code).toBe(0);
  });

  it('lets a view-only user read snippets and their own message log, but not send or change snippets', async () => {
    expect((await viewer.get('/system/snippet')).code).toBe(0);
    expect((await viewer.post('/system/snippet', { snippet: 'hi' })).code).toBe(1005);
    const someId = (await admin.get<{ rows: SnippetRow[] }>('/system/snippet')).result.rows[0]?.id ?? 1;
    expect((await viewer.delete(`/system/snippet/${someId}`)).code).toBe(1005);
    const send = await viewer.post('/dispatch/send-msg', { car_list: [carId], msg: 'hi', uuid: 'v', flag: [2, 3] });
    expect(send.code).toBe(1005);
    const now = Math.floor(Date.now() / 1000);
    expect((await viewer.get(`/logs/message?start_time=${now - 60}&end_time=${now}`)).code).toBe(0);
  });

  it('answers 1101 when this node has no command path, after checking the request', async () => {
    expect(server.app.commandRouter).toBeUndefined();
    const body = { car_list: [carId], msg: 'hello', uuid: 'no-router', flag: [2, 3] };
    expect((await admin.post('/dispatch/send-msg', body)).code).toBe(1101);
    expect((await admin.post('/dispatch/send-msg', { ...body, msg: ' ' })).code).toBe(1004);
    const now = Math.floor(Date.now() / 1000);
    const log = await admin.get<{ total: number }>(
      `/logs/message?data=no-router&start_time=${now - 60}&end_time=${now + 60}`,
    );
    expect(log.result.total).toBe(0);
  });
});
