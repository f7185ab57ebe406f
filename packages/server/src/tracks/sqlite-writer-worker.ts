// Source of the SQLite position-writer thread. Kept as a CommonJS string run with `eval: true` so the thread
// needs no TypeScript loader (tsx, vitest) and resolves better-sqlite3 through the path the parent passes in.
export const SQLITE_WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const columns = workerData.columns;
const insert = db.prepare(
  'INSERT INTO positions (' + columns.join(', ') + ') VALUES (' + columns.map(() => '?').join(', ') + ')',
);
// One transaction per batch: the commit is what releases the acks on the main thread.
const writeAll = db.transaction((rows) => {
  for (const row of rows) insert.run(row);
});
parentPort.on('message', (m) => {
  if (m.close) {
    db.close();
    parentPort.postMessage({ id: m.id, ok: true });
    return;
  }
  try {
    writeAll(m.rows);
    parentPort.postMessage({ id: m.id, ok: true });
  } catch (error) {
    parentPort.postMessage({ id: m.id, ok: false, error: String((error && error.message) || error) });
  }
});
`;
