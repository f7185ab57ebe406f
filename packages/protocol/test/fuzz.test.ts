/** Bounded fuzz run in CI (≈10 s): nothing may throw out of the codec, no call may hang. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromHex } from '../src/codec/hex.ts';
import { CORPUS_PATH, loadCorpus } from './corpus-data.ts';
import { runFuzz } from './fuzz-engine.ts';

describe('fuzz', () => {
  it('survives random and mutated input without throwing or hanging', () => {
    const seeds = existsSync(CORPUS_PATH) ? loadCorpus().map((c) => fromHex(c.hex)!) : [];
    const durationMs = Number(process.env.FUZZ_MS ?? 10_000);
    const r = runFuzz({ durationMs, seeds, seed: Date.now() & 0xffffffff });
    console.log(`fuzz: ${r.inputs} inputs in ${(r.ms / 1000).toFixed(1)} s, slowest call ${r.slowestMs.toFixed(1)} ms`);
    expect(r.failures.slice(0, 3)).toEqual([]);
  }, 60_000);
});
