// Installs the workspace's dependencies when they are missing or older than a package.json,
// so that `npm start` and `npm test` work on a fresh clone with nothing else run first.
// Node built-ins only: this runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const lock = join(root, 'package-lock.json');

function manifests() {
  const files = [join(root, 'package.json'), lock];
  for (const dir of ['packages', '.']) {
    for (const name of readdirSync(join(root, dir))) {
      const file = join(root, dir, name, 'package.json');
      if (name !== 'node_modules' && existsSync(file)) files.push(file);
    }
  }
  return files.filter((f) => existsSync(f));
}

export function ensureInstalled() {
  const stamp = join(root, 'node_modules', '.package-lock.json');
  const installedAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const newest = Math.max(...manifests().map((f) => statSync(f).mtimeMs));
  if (installedAt >= newest) return;
  // `npm ci` whenever the lock is present: the install is exactly what the lock says, or it fails loudly
  // (a lock out of step with a package.json is a bug to fix, not something to paper over with `npm install`).
  // The lock carries every platform's optional packages (Biome, esbuild, Rolldown) because it was written
  // from scratch, without a node_modules to prune them against (docs/decisions.md "A lock file npm ci accepts").
  const cmd = existsSync(lock) ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund';
  console.log(`[headway] installing dependencies: ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstalled();
