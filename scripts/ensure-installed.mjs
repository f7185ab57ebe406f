// Installs the workspace's dependencies when they are missing or older than a package.json,
// so that `npm start` and `npm test` work on a fresh clone with nothing else run first.
// Node built-ins only: this runs before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function manifests() {
  const files = [join(root, 'package.json'), join(root, 'package-lock.json')];
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
  // `npm install` rather than `npm ci`: it follows the lock file all the same, and tolerates the optional
  // per-platform packages (Biome, esbuild, Rollup) that npm leaves out of a lock file written on one platform.
  const cmd = 'npm install --no-audit --no-fund';
  console.log(`[headway] installing dependencies: ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstalled();
