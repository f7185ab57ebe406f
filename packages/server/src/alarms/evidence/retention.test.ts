import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStore, ENGINES, type TestStore } from '../../../test/helpers/database.ts';
import { alarmsDb } from '../schema.ts';
import { sweepEvidence } from './retention.ts';
import { LocalEvidenceStore } from './store.ts';

// Retention against real SQLite and PostgreSQL and a real directory: files stored before the cutoff go with their
// rows and their emptied folder; newer ones, and the alarms, stay.

const T0 = 1_790_000_000;

describe.each(ENGINES)('evidence retention on %s', (engine) => {
  let t: TestStore;
  let files: LocalEvidenceStore;

  beforeEach(async () => {
    t = await createTestStore(engine);
    files = new LocalEvidenceStore(mkdtempSync(join(tmpdir(), 'headway-evidence-')));
  });
  afterEach(() => t.drop());

  async function stored(key: string, name: string, createdAt: number): Promise<string> {
    const relative = `1/${key}/${name}`;
    await files.put(relative, 0, new Uint8Array([1, 2, 3]));
    await files.seal(relative);
    await alarmsDb(t.store.db)
      .insertInto('alarm_files')
      .values({
        company_id: 1,
        alarm_key: key,
        file_name: name,
        relative_path: relative,
        file_type: 0,
        size: 3,
        complete: 1,
        created_at: createdAt,
      })
      .execute();
    return relative;
  }

  it('deletes the files older than the cutoff with their rows and folders, and keeps the newer ones', async () => {
    const old = [await stored('OLD_1', 'a.jpg', T0 - 100), await stored('OLD_1', 'b.mp4', T0 - 50)];
    const kept = await stored('NEW_1', 'a.jpg', T0 + 10);
    const removed = await sweepEvidence(
      { db: t.store.db, store: files, logger: pino({ level: 'silent' }), retentionDays: 1 },
      T0,
    );
    expect(removed).toBe(2);
    for (const path of old) expect(await files.stat(path)).toBeUndefined();
    expect(await files.list('1/OLD_1')).toEqual([]);
    expect(await files.stat(kept)).toEqual({ size: 3 });
    const rows = await alarmsDb(t.store.db).selectFrom('alarm_files').select('relative_path').execute();
    expect(rows.map((r) => r.relative_path)).toEqual([kept]);
    // Nothing left to do: a second sweep removes nothing.
    expect(
      await sweepEvidence({ db: t.store.db, store: files, logger: pino({ level: 'silent' }), retentionDays: 1 }, T0),
    ).toBe(0);
  });
});
