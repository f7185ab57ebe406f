import { readFileSync } from 'node:fs';

const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const self = new Map();
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const dt = p.timeDeltas;
let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  const n = byId.get(p.samples[i]);
  const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0));
  total += dt[i] ?? 0;
}
console.log('total ms', total / 1000);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log((v / 1000).toFixed(0).padStart(7), ((100 * v) / total).toFixed(1).padStart(5) + '%', k);
