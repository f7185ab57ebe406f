import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The dev server proxies the three API bases and the live channel to a local Headway server.
const target = process.env.HEADWAY_API ?? 'http://127.0.0.1:8080';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible output file, once, at build time; the server
 * (packages/server/src/web/console.ts, @fastify/static `preCompressed`) sends the one the browser accepts.
 * Maximum levels: compression happens once per build, decompression is as fast either way.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'headway:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < MIN_BYTES) return;
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    proxy: {
      '/api': target,
      '/prod-api': target,
      '/dispatch/api': target,
      '/dispatch/websocket': { target, ws: true },
    },
  },
});
