/**
 * Long fuzz run: `node --import tsx packages/protocol/scripts/fuzz.ts [seconds=300] [seed]`.
 * Prints inputs tried, time and failures (hex + stack). Exit code 1 on any failure.
 */
import { existsSync } from 'node:fs';
import { fromHex } from '../src/codec/hex.ts';
import { CORPUS_PATH, loadCorpus } from '../test/corpus-data.ts';
import { runFuzz } from '../test/fuzz-engine.ts';

const seconds = Number(process.argv[2] ?? 300);
const seed = Number(process.argv[3] ?? Date.now() & 0xffffffff);
const seeds = existsSync(CORPUS_PATH) ? loadCorpus().map((c) => fromHex(c.hex)!) : [];
console.log(`fuzzing for ${seconds} s, seed ${seed}, ${seeds.length} corpus seeds`);
const r = runFuzz({ durationMs: seconds * 1000, seed, seeds });
console.log(
  JSON.stringify({
    inputs: r.inputs,
    seconds: +(r.ms / 1000).toFixed(1),
    perSecond: Math.round(r.inputs / (r.ms / 1000)),
    slowestMs: +r.slowestMs.toFixed(1),
    failures: r.failures.length,
  }),
);
for (const f of r.failures.slice(0, 10)) console.log(`${f.what}\n  input ${f.input}\n  ${f.error}`);
process.exitCode = r.failures.length > 0 ? 1 : 0;
