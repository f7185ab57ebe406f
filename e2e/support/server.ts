import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEMO_PASSWORD = 'e2e-Headway-2026';

export interface RunningServer {
  url: string;
  /** The JT/T 808 port of this server's gateway (a free port, so a platform running beside never clashes). */
  gatewayPort: number;
  /** The T/JSATL12 attachment port terminals upload alarm evidence to (0x9208 names it). */
  attachmentPort: number;
  /** The server's SQLite directory (HEADWAY_DATA_DIR): a test may shape demo data the API cannot edit. */
  dataDir: string;
  stop: () => Promise<void>;
  log: () => string;
}

export interface ServerOptions {
  /** false starts without the demo company (HEADWAY_DEMO=0): an operator's empty deployment. */
  demo?: boolean;
  /** Without the demo, with this one company and its administrator written before the server starts. */
  empty?: EmptyCompany;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/company/display`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

/** A fresh deployment (HEADWAY_DEMO=0) with one company and its administrator instead of the demo (issue 14). */
export interface EmptyCompany {
  company: string;
  account: string;
  password: string;
}

/** A real Headway server on a free port with a throwaway SQLite directory; the demo unless `empty` is given. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const gatewayPort = await freePort();
  const attachmentPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'headway-e2e-'));
  const { empty } = options;
  if (empty) {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'e2e/support/empty-company.ts', dataDir, empty.company, empty.account, empty.password],
      { cwd: REPO_ROOT, stdio: 'ignore' },
    );
  }
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      HEADWAY_DATA_DIR: dataDir,
      HEADWAY_DEMO_PASSWORD: DEMO_PASSWORD,
      HEADWAY_WECHAT_DEV: '1',
      // Every browser and API sign-in of the suite comes from 127.0.0.1: the default 10 a minute is for people.
      HEADWAY_LOGIN_ATTEMPTS_PER_MINUTE: '600',
      HEADWAY_GATEWAY_PORT: String(gatewayPort),
      HEADWAY_GATEWAY_MEDIA_PORT: '0',
      HEADWAY_GATEWAY_ATTACHMENT_PORT: String(attachmentPort),
      LOG_LEVEL: 'warn',
      ...(options.demo === false || empty ? { HEADWAY_DEMO: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The demo server imports its feed at first start: about a minute when the shared 2-core machine is loaded.
    await waitReady(url, child, 180_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { url, gatewayPort, attachmentPort, dataDir, stop, log: () => output };
}
