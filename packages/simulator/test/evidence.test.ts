import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DsmAlarm } from '@headway/protocol';
import { migrateToLatest, openStore, seedDemo } from '@headway/server';
import { seedDemoTransit } from '@headway/server/lines';
import { describe, expect, it } from 'vitest';
// The server's own pieces: the real gateway with the attachment intake, the detector's key, the alarm table.
import { insertAlarm } from '../../server/src/alarms/api/testing/alarms.ts';
import { safetyAlarmKey, safetyIdentOf } from '../../server/src/alarms/detection/safety.ts';
import { attachEvidence } from '../../server/src/alarms/evidence/testing/uploader.ts';
import { alarmsDb } from '../../server/src/alarms/schema.ts';
import { startTestGateway } from '../../server/src/gateway/testing/fixture.ts';
import type { StoredPosition } from '../../server/src/tracks/position-row.ts';
import { runControlCommand } from '../src/fleet/control.ts';
import { startDemoFleet } from '../src/fleet/demo.ts';
import { evidenceAsset } from '../src/terminal/evidence.ts';

// A bus of the demo fleet raises a DSM alarm on request; the server asks for its evidence with 0x9208 and the
// terminal uploads its real stills and clip over T/JSATL 12 into the server's store. SOS on request too.

describe('alarm evidence from the demo fleet to the real attachment server', () => {
  it('uploads the stills and the MP4 of a DSM alarm raised from the command line; SOS on request', async () => {
    const store = openStore({ engine: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'headway-sim-ev-')), 'h.db') });
    await migrateToLatest(store);
    const { companyId } = await seedDemo(store.db, { password: 'demo-pass' });
    await seedDemoTransit(store.db, companyId);
    const gateway = await startTestGateway(store);
    const evidence = attachEvidence(gateway);
    const seen: StoredPosition[] = [];
    gateway.onPositions((batch) => seen.push(...batch));
    const demo = await startDemoFleet({
      db: store.db,
      port: gateway.ports.jt808,
      interval: 2,
      rates: { sos: 0, powerCut: 0, adas: 0, dsm: 0 },
    });
    try {
      const [terminal] = demo.fleet.terminals();
      await terminal!.whenOnline();
      expect(runControlCommand(demo.fleet, `dsm ${terminal!.phone} 2`)).toMatch(/^DSM alarm type 2 on /);
      const withDsm = () => seen.find((p) => p.report.items.some((i) => i.id === 0x65));
      await expect.poll(withDsm, { timeout: 10_000 }).toBeDefined();
      const p = withDsm()!;
      const item = p.report.items.find((i) => i.id === 0x65) as { id: 0x65; dsm: DsmAlarm };
      expect(item.dsm.type).toBe(2);
      // What the detector stores for it (its key, its identification), then what it asks the terminal.
      const ident = safetyIdentOf(item.dsm.alarmIdent);
      expect(ident.attachmentCount).toBe(3);
      const alarmKey = safetyAlarmKey(ident, p.terminalPhone);
      const id = await insertAlarm(store.db, {
        company_id: p.companyId,
        event_time: p.eventTime,
        platform_alarm_id: 25858,
        alarm_key: alarmKey,
        terminal_phone: p.terminalPhone,
        device_type: 'DSM',
        attached_count: 3,
      });
      await evidence.requester.request(p.terminalPhone, id, ident);

      const files = () =>
        alarmsDb(store.db)
          .selectFrom('alarm_files')
          .select(['file_name', 'file_type', 'size', 'relative_path'])
          .where('alarm_key', '=', alarmKey)
          .where('complete', '=', 1)
          .orderBy('file_name')
          .execute();
      await expect.poll(async () => (await files()).length, { timeout: 15_000 }).toBe(3);
      const rows = await files();
      expect(rows.map((r) => [r.file_name.replace(/_HW\d{30}/, ''), r.file_type])).toEqual([
        ['00_65_6502_1.jpg', 0],
        ['00_65_6502_2.jpg', 0],
        ['02_65_6502_3.mp4', 2],
      ]);
      const clip = await readFile(join(evidence.store.root, rows[2]!.relative_path));
      expect(new Uint8Array(clip)).toEqual(evidenceAsset('clip.mp4'));
      expect(Number(rows[0]!.size)).toBe(evidenceAsset('dsm-1.jpg').length);

      // SOS on request: the next report carries warning bit 0.
      expect(runControlCommand(demo.fleet, `sos ${terminal!.phone} 30`)).toMatch(/^SOS on /);
      await expect
        .poll(() => seen.some((x) => x.terminalPhone === p.terminalPhone && (x.warning & 1) === 1), { timeout: 10_000 })
        .toBe(true);
      expect(runControlCommand(demo.fleet, 'sos no-such-bus')).toBe('sos: no vehicle "no-such-bus"');
    } finally {
      await demo.stop();
      await gateway.stop();
      await store.close();
      evidence.remove();
    }
  }, 60_000);
});
