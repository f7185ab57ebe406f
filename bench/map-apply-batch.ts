/**
 * Live map benchmark: main-thread time to apply one live batch of 20,000 vehicles to the map's vehicle
 * layer (VehicleFeatures.apply: move + recolour + turn every feature in place), in headless Chromium with
 * the real WebGL layer (SwiftShader), and the render of the frame that follows. Target: apply < 16 ms.
 *
 *   node --import tsx bench/map-apply-batch.ts [--vehicles 20000] [--rounds 30]
 *
 * The page code is the console's own map kit (packages/web/src/map), bundled with esbuild on the fly.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const { values } = parseArgs({
  options: { vehicles: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '30' } },
});
const VEHICLES = Number(values.vehicles);
const ROUNDS = Number(values.rounds);

// Runs in the page: a map with the vehicle layer, then timed batches.
const PAGE_ENTRY = `
import OlMap from 'ol/Map';
import View from 'ol/View';
import { toView } from './coords';
import { createVehicleLayer } from './layers/vehicle-layer';
import { VehicleFeatures } from './vehicle-features';
import { COLOURS } from './vehicle-style';

function batch(n, round) {
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const a = (i * 2.399963 + round * 0.001) % (Math.PI * 2);
    const r = 0.2 * Math.sqrt(i / n);
    out[i] = {
      key: 'v' + i,
      lng: -74.15 + r * Math.cos(a) + round * 1e-5,
      lat: 40.58 + r * Math.sin(a),
      colour: COLOURS[(i + round) % COLOURS.length],
      step: (i + round) % 12,
      label: String(8000 + i),
    };
  }
  return out;
}

window.runBench = async (n, rounds) => {
  const features = new VehicleFeatures((lng, lat) => toView('wgs84', lng, lat));
  const map = new OlMap({ target: 'map', view: new View({ center: toView('wgs84', -74.15, 40.58), zoom: 11 }) });
  map.addLayer(createVehicleLayer(features, false));
  const t0 = performance.now();
  features.apply(batch(n, 0));
  const firstApply = performance.now() - t0;
  const t1 = performance.now();
  map.renderSync();
  const firstRender = performance.now() - t1;
  await new Promise((r) => setTimeout(r, 300));
  const apply = [];
  const render = [];
  for (let round = 1; round <= rounds; round++) {
    const next = batch(n, round);
    const a = performance.now();
    features.apply(next);
    apply.push(performance.now() - a);
    const b = performance.now();
    map.renderSync();
    render.push(performance.now() - b);
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  return { firstApply, firstRender, apply, render, drawn: features.size, webgl: !!document.querySelector('canvas') };
};
`;

function stats(values: number[]): { median: number; p95: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1] as number };
}

const bundle = await build({
  stdin: {
    contents: PAGE_ENTRY,
    resolveDir: fileURLToPath(new URL('../packages/web/src/map/', import.meta.url)),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  write: false,
  minify: true,
  loader: { '.css': 'empty' },
  logLevel: 'error',
});
const script = bundle.outputFiles[0]?.text ?? '';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-background-networking', '--enable-unsafe-swiftshader'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent(
    `<!doctype html><html><body style="margin:0"><div id="map" style="width:1280px;height:800px"></div><script>${script}</script></body></html>`,
  );
  const result = (await page.evaluate(
    ([n, r]) =>
      // Runs in the page; the bench's tsconfig has no DOM lib, hence globalThis.
      (globalThis as unknown as { runBench: (n: number, r: number) => Promise<unknown> }).runBench(
        n as number,
        r as number,
      ),
    [VEHICLES, ROUNDS],
  )) as {
    firstApply: number;
    firstRender: number;
    apply: number[];
    render: number[];
    drawn: number;
  };
  const apply = stats(result.apply);
  const render = stats(result.render);
  const f = (x: number) => x.toFixed(1);
  console.log(`vehicles ${result.drawn}, rounds ${ROUNDS} (headless Chromium, SwiftShader WebGL)`);
  console.log(`first load: apply ${f(result.firstApply)} ms, render ${f(result.firstRender)} ms`);
  console.log(
    `apply batch: median ${f(apply.median)} ms, p95 ${f(apply.p95)} ms, max ${f(apply.max)} ms (target < 16 ms)`,
  );
  console.log(`apply rounds: ${result.apply.map((x) => x.toFixed(0)).join(' ')}`);
  console.log(`next render: median ${f(render.median)} ms, p95 ${f(render.p95)} ms, max ${f(render.max)} ms`);
} finally {
  await browser.close();
}
